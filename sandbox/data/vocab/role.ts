/** A job a family holds: its title, the specialization the data set files it under, its skills. */
export interface Role {
  title: string
  /** cur_title_specialization */
  specialization: string
  skills: readonly string[]
}
