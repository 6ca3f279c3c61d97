import type { Store } from '../store'
import {
  jsonWithoutPerson,
  mayMention,
  parseOrUndefined,
  textNamesPerson,
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
  current_query: string | null
  sent_query: string | null
  [column: string]: unknown
}

const holdsPerson = (json: string | null, person: Person) =>
  mayMention(json, person) && withoutPerson(parseOrUndefined(json), person).removed > 0

/**
 * Chat: each answer keeps the people it showed (results_json) and the service's answer verbatim
 * (raw_json). A turn is the person's when either holds their profile, or when its words name them
 * (their name in any order, an email, a handle); a conversation is, when one of its turns is. Erasing takes their profile out of those answers (the rest stay readable) and
 * their name, emails and handles out of the conversation's words: its title and query, and every
 * turn's text, queries and the rest of the answer as received (its message names them).
 */
export const personalDataOwner: PersonalDataOwnerFactory = (store: () => Store): PersonalDataOwner => {
  const db = () => store().database.db
  const turnsOf = (person: Person): TurnRow[] => {
    const turns: TurnRow[] = []
    // a turn at a time: a turn that shows them, or whose words name them ("Did not understand: Mehta, James.")
    for (const row of db().prepare('SELECT * FROM conversation_turns ORDER BY id').iterate() as Iterable<TurnRow>)
      if (
        holdsPerson(row.results_json, person) ||
        holdsPerson(row.raw_json, person) ||
        [row.text, row.current_query, row.sent_query, row.raw_json].some((words) => textNamesPerson(words, person))
      )
        turns.push(row)
    return turns
  }
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
      const conversations = conversationsOf(turnsOf(person))
      // their profile out of the lists, then their words out of the rest (an answer's message names them)
      const scrub = (json: string | null) =>
        json === null ? null : textWithoutPerson(jsonWithoutPerson(json, person) ?? json, person)
      const setTurn = db().prepare(
        `UPDATE conversation_turns SET results_json = ?, raw_json = ?, text = ?, current_query = ?, sent_query = ?
          WHERE id = ?`
      )
      const setConversation = db().prepare('UPDATE conversations SET title = ?, current_query = ? WHERE id = ?')
      const turnsIn = db().prepare('SELECT * FROM conversation_turns WHERE conversation_id = ?')
      const conversationOf = db().prepare('SELECT title, current_query FROM conversations WHERE id = ?')
      let blanked = 0
      for (const id of conversations) {
        for (const turn of turnsIn.all(id) as TurnRow[]) {
          const columns = [turn.results_json, turn.raw_json, turn.text, turn.current_query, turn.sent_query]
          const next = [
            scrub(turn.results_json),
            scrub(turn.raw_json),
            textWithoutPerson(turn.text, person),
            scrub(turn.current_query),
            scrub(turn.sent_query)
          ]
          if (next.every((value, index) => value === columns[index])) continue
          setTurn.run(...next, turn.id)
          blanked += 1
        }
        const conversation = conversationOf.get(id) as { title: string; current_query: string | null }
        setConversation.run(textWithoutPerson(conversation.title, person), scrub(conversation.current_query), id)
      }
      return [
        { table: 'conversations', deleted: 0, blanked: conversations.length },
        { table: 'conversation_turns', deleted: 0, blanked }
      ]
    }
  }
}
