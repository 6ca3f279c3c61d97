import type { AtsPreset, CsvColumn } from '../../../shared/ipc/channels/export'

/*
 * The files applicant tracking systems import, column for column: one table, so the export, the
 * dialog's choices and the tests read the same lists.
 *
 * Greenhouse: the default fields of Greenhouse Recruiting's bulk import spreadsheet, named and
 * ordered as Greenhouse's help article lists them ("Bulk import prospects from spreadsheet",
 * https://support.greenhouse.io/hc/en-us/articles/203871039, section "Upload the template": "The
 * following default fields can be mapped to the spreadsheet"). Greenhouse matches each of its
 * fields to a column of the uploaded sheet in its "Match the Greenhouse Fields" step, so a column
 * Talent Desk has nothing for (Job, Department, Office, Who gets credit, the CRM's Prospect Pool
 * and Prospect Stage) is written empty, for the recruiter to fill in or leave unmapped.
 *
 * Lever: no preset. Lever's help articles ("How do I add multiple / import many candidates?",
 * https://help.lever.co/hc/en-us/articles/204498425, and "Bulk importing candidates",
 * https://help.lever.co/hc/en-us/articles/20087301434013) name some of its template's columns
 * (Full name, Email, Lever Posting URL, Stage, Sources, Origin, Resume Filename, IsSecretNote) but
 * not the whole list or its order, and say not to add, remove or modify any column heading, so a
 * guessed list would be refused. Until the template's own header row is known, recruiters use the
 * generic layout below and map it, or copy its columns into Lever's template.
 *
 * ATS CSV: Talent Desk's own generic layout, not a vendor's: the candidate fields the importers
 * above share (names, email, phone, links, current company and title, source, tags, notes), one
 * column each, for an ATS whose importer maps columns by name.
 */

/** Written empty: the template has the column, Talent Desk has nothing to put in it. */
const EMPTY = 'person.empty'

const col = (header: string, path: string): CsvColumn => ({ header, path })

export interface AtsPresetInfo {
  label: string
  /** Where the column list came from (shown in the user guide too). */
  source: string
  columns: readonly CsvColumn[]
}

export const atsPresets: Record<AtsPreset, AtsPresetInfo> = {
  greenhouse: {
    label: 'Greenhouse',
    source: 'https://support.greenhouse.io/hc/en-us/articles/203871039',
    columns: [
      col('First Name', 'person.firstName'),
      col('Last Name', 'person.lastName'),
      col('Company', 'profile.cur_company'),
      col('Title', 'profile.cur_title'),
      col('Notes', 'member.notes'),
      col('Email', 'person.emails'),
      col('Phone', 'person.phones'),
      col('Social Media', 'profile.li_urls'),
      col('Website', 'contact.websites.url'),
      col('Address', 'person.address'),
      col('Source', 'person.source'),
      col('Who gets credit', EMPTY),
      col('Job', EMPTY),
      col('Department', EMPTY),
      col('Office', EMPTY),
      col('Prospect Pool', EMPTY),
      col('Prospect Stage', EMPTY)
    ]
  },
  ats: {
    label: 'ATS CSV',
    source: 'Talent Desk’s own layout',
    columns: [
      col('First Name', 'person.firstName'),
      col('Last Name', 'person.lastName'),
      col('Full Name', 'person.name'),
      col('Email', 'person.emails'),
      col('Phone', 'person.phones'),
      col('Current Company', 'profile.cur_company'),
      col('Current Title', 'profile.cur_title'),
      col('Location', 'person.address'),
      col('Profile URL', 'profile.li_urls'),
      col('Website', 'contact.websites.url'),
      col('Source', 'person.source'),
      col('Tags', 'member.tags'),
      col('Notes', 'member.notes')
    ]
  }
}

/** What the Source column says: where the candidate came from. */
export const ATS_SOURCE = 'Talent Desk'
