import { expect } from '@playwright/test'
import { makeKeys } from '../../../supabase/local/keys.ts'

const base = () => `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4173)}`

/**
 * Sends a family's student application the way /apply-students does (one child, one guardian),
 * so an office test starts from a new inquiry of its own.
 */
export async function applyAsFamily(
  id: string,
  familyName: string,
  person: { child: string; guardian: string; email: string },
): Promise<void> {
  const keys = await makeKeys(process.env.JWT_SECRET || undefined)
  const res = await fetch(`${base()}/functions/v1/applications`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', apikey: keys.anonKey },
    body: JSON.stringify({
      kind: 'student',
      application: {
        id,
        maritalStatus: 'Married',
        children: [
          {
            firstName: person.child,
            lastName: familyName,
            dob: '2015-05-05',
            gender: 'Female',
            nationality: 'Indian',
          },
        ],
        guardians: [
          {
            firstName: person.guardian,
            lastName: familyName,
            dob: '1982-02-02',
            gender: 'Female',
            nationality: 'Indian',
            mobile: '9822077777',
            email: person.email,
          },
        ],
      },
    }),
  })
  expect(res.status).toBe(200)
}
