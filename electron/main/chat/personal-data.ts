import type { Store } from '../store'
import {
  jsonWithoutPerson,
  mayMention,
  parseOrUndefined,
  textWithoutPerson,
  withoutPerson
} from '../personal-data/person-match'
import type { Person, PersonalDataOwner, PersonalDataOwnerFactory } from '../personal-data/personal-data-owner'

interface TurnRow {
  id: number
  conversation_id: string
  text: string
  results_json: string | null
  raw_json: string | null
  [column: string]: unknown
}

const holdsPerson = (json: string | null, person: Person) =>
  mayMention(json, person) && withoutPerson(parseOrUndefined(json), person).removed > 0

/**
 * Chat: each answer keeps the people it showed (results_json) and the service's answer verbatim
 * (raw_json). A turn is the person's when either holds their profile; a conversation is, when one
 * of its turns is. Erasing takes their profile out of those answers (the rest stay readable) and
 * their name, emails and handles out of the conversation's words: its title and every turn's text.
 */
export const personalDataOwner: PersonalDataOwnerFactory = (store: () => Store): PersonalDataOwner => {
  const db = () => store().database.db
  const turnsOf = (person: Person): TurnRow[] =>
    (
      db()
        .prepare(
          'SELECT * FROM conversation_turns WHERE instr(results_json, ?) > 0 OR instr(raw_json, ?) > 0 ORDER BY id'
        )
        .all(person.key, person.key) as TurnRow[]
    ).filter((row) => holdsPerson(row.results_json, person) || holdsPerson(row.raw_json, person))
  const conversationsOf = (turns: TurnRow[]) => [...new Set(turns.map((turn) => turn.conversation_id))]
  return {
    owner: 'chat',
    tables: [
      { table: 'conversations', personal: true },
      { table: 'conversation_turns', personal: true }
    ],

    describe(person: Person) {
      const turns = turnsOf(person)
      return [
        { table: 'conversations', label: 'chats that found them', rows: conversationsOf(turns).length },
        { table: 'conversation_turns', label: 'chat answers showing them', rows: turns.length }
      ]
    },

    export(person: Person) {
      const turns = turnsOf(person)
      const read = db().prepare('SELECT * FROM conversations WHERE id = ?')
      return [
        {
          table: 'conversations',
          label: 'chats that found them',
          rows: conversationsOf(turns).map((id) => read.get(id) as Record<string, unknown>)
        },
        { table: 'conversation_turns', label: 'chat answers showing them', rows: turns }
      ]
    },

    erase(person: Person) {
      const held = turnsOf(person)
      const conversations = conversationsOf(held)
      const setTurn = db().prepare(
        'UPDATE conversation_turns SET results_json = ?, raw_json = ?, text = ? WHERE id = ?'
      )
      const setTitle = db().prepare('UPDATE conversations SET title = ? WHERE id = ?')
      const turnsIn = db().prepare('SELECT * FROM conversation_turns WHERE conversation_id = ?')
      const titleOf = db().prepare('SELECT title FROM conversations WHERE id = ?')
      let blanked = 0
      for (const id of conversations) {
        for (const turn of turnsIn.all(id) as TurnRow[]) {
          const next = [
            jsonWithoutPerson(turn.results_json, person),
            jsonWithoutPerson(turn.raw_json, person),
            textWithoutPerson(turn.text, person)
          ] as const
          if (next[0] === turn.results_json && next[1] === turn.raw_json && next[2] === turn.text) continue
          setTurn.run(...next, turn.id)
          blanked += 1
        }
        const { title } = titleOf.get(id) as { title: string }
        setTitle.run(textWithoutPerson(title, person), id)
      }
      return [
        { table: 'conversations', deleted: 0, blanked: conversations.length },
        { table: 'conversation_turns', deleted: 0, blanked }
      ]
    }
  }
}
