// The centre's e-mail templates as data (issue 16): the office saves its own version of a
// template and goes back to the default; bad input is refused with words and changes nothing;
// families and facilitators neither read nor write them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db, Queryable } from '../../supabase/local/db.ts'
import { demoAccounts, type DemoAccount } from '../../supabase/local/demo-accounts.ts'
import { asUser, claimsOf, testDatabases } from '../helpers/test-db.ts'

const by = (label: string): DemoAccount => demoAccounts.find((a) => a.label === label)!
const kept = <T>(db: Db, account: DemoAccount, fn: (tx: Queryable) => Promise<T>) =>
  asUser(db, claimsOf(account), fn, { commit: true })

const templates = (db: Db, account: DemoAccount) =>
  kept(db, account, async (tx) => {
    const [row] = await tx.query<{ t: Record<string, unknown>[] }>(
      'select public.email_templates() as t',
    )
    return row!.t
  })

describe.each(testDatabases())('e-mail templates on $name', (target) => {
  let db: Db
  beforeAll(async () => {
    db = await target.open()
  })
  afterAll(() => target.close())

  it('the office saves its version, everyone in the office reads it, and a reset goes back', async () => {
    expect(await templates(db, by('admission'))).toEqual([])
    const saved = await kept(db, by('administration'), (tx) =>
      tx.query<{ a: unknown }>('select public.save_email_template($1, $2, $3) as a', [
        'trial',
        '  Trial days for {{studentName}}  ',
        '<p>Dear {{parentNames}}, 9:30am to 3pm.</p>',
      ]),
    )
    expect(saved[0]!.a).toEqual({ type: 'success', message: 'Template saved' })
    const read = await templates(db, by('admission'))
    expect(read).toHaveLength(1)
    expect(read[0]).toMatchObject({
      name: 'trial',
      subject: 'Trial days for {{studentName}}',
      html: '<p>Dear {{parentNames}}, 9:30am to 3pm.</p>',
      updated_by: 'Savio Pereira',
    })
    await kept(db, by('admin'), (tx) => tx.query("select public.reset_email_template('trial')"))
    expect(await templates(db, by('admin'))).toEqual([])
  })

  it('refuses an unknown template, an empty or two-line subject and an empty message', async () => {
    const save = (name: string, subject: string, html: string) =>
      kept(db, by('admission'), (tx) =>
        tx.query('select public.save_email_template($1, $2, $3)', [name, subject, html]),
      )
    await expect(save('party', 'Party', '<p>x</p>')).rejects.toThrow('Unknown template: party')
    await expect(save('meeting', ' ', '<p>x</p>')).rejects.toThrow(/Write a subject/)
    await expect(save('meeting', 'Two\nlines', '<p>x</p>')).rejects.toThrow(/Write a subject/)
    await expect(save('meeting', 'Meeting', '  ')).rejects.toThrow(/Write the message/)
    expect(await templates(db, by('admission'))).toEqual([])
  })

  it('families, students and facilitators are refused', async () => {
    for (const label of ['guardian', 'student', 'facilitator']) {
      await expect(templates(db, by(label))).rejects.toThrow(/Only the office/)
      await expect(
        kept(db, by(label), (tx) =>
          tx.query("select public.save_email_template('meeting', 'Hi', '<p>x</p>')"),
        ),
      ).rejects.toThrow(/Only the office/)
    }
  })
})
