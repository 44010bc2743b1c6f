// The demo learning centre's accounts and facilitators: the one list that supabase/seed.sql is
// generated from and that the host prints at start-up, so the printed passwords always work.
// After editing, run `npx tsx supabase/local/demo-accounts.ts --write` (a test fails otherwise).
import { writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'

export type MemberRole =
  'admin' | 'admission' | 'administration' | 'facilitator' | 'guardian' | 'student' | 'member'

export interface DemoAccount {
  /** What the account demonstrates, as the README table shows it. */
  label: string
  id: string
  email: string
  password: string
  name: string
  role: MemberRole
  status: 'verified' | 'blocked'
  extra: 'admin' | 'pf' | null
  /** false: the e-mail address was never confirmed, so sign-in is refused. */
  confirmed: boolean
  isProfileAdmin?: boolean
  familyToken?: string
  facilitatorId?: string
}

export interface DemoFacilitator {
  id: string
  name: string
  email: string
  status: 'active' | 'authPending'
  /** The account that signs in as this facilitator; none while authPending. */
  accountId: string | null
}

const uid = (n: number) => `00000000-0000-4000-a000-${String(n).padStart(12, '0')}`
const fid = (n: number) => `f0000000-0000-4000-a000-${String(n).padStart(12, '0')}`

export const DEMO_FAMILY_TOKEN = 'demo-family-fernandes'
export const DEMO_PF_FAMILY_TOKEN = 'demo-family-naik'

const account = (
  n: number,
  label: string,
  slug: string,
  name: string,
  role: MemberRole,
  more: Partial<DemoAccount> = {},
): DemoAccount => ({
  label,
  id: uid(n),
  email: `${slug}@demo.school`,
  password: `demo-${slug}-1`,
  name,
  role,
  status: 'verified',
  extra: null,
  confirmed: true,
  ...more,
})

export const demoAccounts: DemoAccount[] = [
  account(1, 'admin', 'admin', 'Anita Admin', 'admin', { isProfileAdmin: true }),
  account(2, 'administration', 'administration', 'Savio Pereira', 'administration'),
  account(3, 'admission', 'admission', 'Meera Kamat', 'admission'),
  account(4, 'facilitator', 'facilitator', 'Asha Gaonkar', 'facilitator', {
    facilitatorId: fid(1),
  }),
  account(5, 'facilitator admin', 'facilitator-admin', 'Rahul Desai', 'facilitator', {
    extra: 'admin',
    facilitatorId: fid(2),
  }),
  account(6, 'guardian', 'guardian', 'Maria Fernandes', 'guardian', {
    familyToken: DEMO_FAMILY_TOKEN,
  }),
  account(7, 'student', 'student', 'Tiago Fernandes', 'student', {
    familyToken: DEMO_FAMILY_TOKEN,
  }),
  account(8, 'parent facilitator', 'parent-facilitator', 'Priya Naik', 'guardian', {
    extra: 'pf',
    familyToken: DEMO_PF_FAMILY_TOKEN,
    facilitatorId: fid(3),
  }),
  account(9, 'member (no role yet)', 'member', 'Kiran Sawant', 'member'),
  account(10, 'blocked', 'blocked', 'Blocked Parent', 'guardian', {
    status: 'blocked',
    familyToken: 'demo-family-blocked',
  }),
  account(11, 'unverified e-mail', 'unverified', 'Unverified Parent', 'member', {
    confirmed: false,
  }),
]

export const demoFacilitators: DemoFacilitator[] = [
  {
    id: fid(1),
    name: 'Asha Gaonkar',
    email: 'facilitator@demo.school',
    status: 'active',
    accountId: uid(4),
  },
  {
    id: fid(2),
    name: 'Rahul Desai',
    email: 'facilitator-admin@demo.school',
    status: 'active',
    accountId: uid(5),
  },
  {
    id: fid(3),
    name: 'Priya Naik',
    email: 'parent-facilitator@demo.school',
    status: 'active',
    accountId: uid(8),
  },
  // No account yet: the "facilitator first sign-in" flow creates it with this e-mail.
  {
    id: fid(4),
    name: 'Rohan Dsouza',
    email: 'new-facilitator@demo.school',
    status: 'authPending',
    accountId: null,
  },
]

/** The accounts table printed at start-up and copied into the README. */
export function demoAccountsTable(accounts: DemoAccount[] = demoAccounts): string {
  const rows = accounts.map((a) => [a.label, a.email, a.password])
  const head = ['role', 'e-mail', 'password']
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)))
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`
  return [
    line(head),
    `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
    ...rows.map(line),
  ].join('\n')
}

const q = (v: string | null | undefined) => (v == null ? 'null' : `'${v.replace(/'/g, "''")}'`)

/** supabase/seed.sql: plain SQL that works on Supabase as well (no local-only objects). */
export function seedSql(): string {
  const users = demoAccounts
    .map(
      (a) => `  (${q(a.id)}::uuid, ${q(a.email)}, ${q(a.password)}, ${q(a.name)}, ${a.confirmed})`,
    )
    .join(',\n')
  const members = demoAccounts
    .map(
      (a) =>
        `  (${q(a.id)}::uuid, ${q(a.email)}, ${q(a.name)}, ${q(a.role)}, ${q(a.status)}, ${q(a.extra)}, ` +
        `${a.isProfileAdmin ?? false}, ${q(a.familyToken)}, ${q(a.facilitatorId)})`,
    )
    .join(',\n')
  const facilitators = demoFacilitators
    .map(
      (f) =>
        `  (${q(f.id)}, ${q(f.name)}, ${q(f.email)}, ${q(f.status)}, ${f.accountId ? `${q(f.accountId)}::uuid` : 'null'})`,
    )
    .join(',\n')
  return `-- Demo learning centre: one account per role, and facilitators.
-- GENERATED from supabase/local/demo-accounts.ts (npx tsx supabase/local/demo-accounts.ts --write);
-- edit the list there. Runs on Supabase (supabase db reset) and on the local host's first start.
-- Token columns are '' rather than null because Supabase Auth reads them as strings.

with demo (id, email, password, name, confirmed) as (values
${users}
)
insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  confirmation_token, recovery_token, email_change_token_new, email_change,
  email_change_token_current, phone_change, phone_change_token, reauthentication_token,
  raw_app_meta_data, raw_user_meta_data, is_super_admin, created_at, updated_at
)
select '00000000-0000-0000-0000-000000000000', id, 'authenticated', 'authenticated', email,
       extensions.crypt(password, extensions.gen_salt('bf', 10)),
       case when confirmed then now() end,
       '', '', '', '', '', '', '', '',
       '{"provider": "email", "providers": ["email"]}'::jsonb,
       jsonb_build_object('name', name), false, now(), now()
  from demo
on conflict (id) do nothing;

-- Supabase Auth signs in with e-mail only through an 'email' identity.
insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
select u.id::text, u.id,
       jsonb_build_object('sub', u.id::text, 'email', u.email,
                          'email_verified', u.email_confirmed_at is not null, 'phone_verified', false),
       'email', null, now(), now()
  from auth.users u
 where u.email like '%@demo.school'
on conflict (provider_id, provider) do nothing;

insert into public.facilitators (id, name, email, status, auth_uid) values
${facilitators}
on conflict (id) do nothing;

insert into public.members (id, email, name, role, status, extra, is_profile_admin, family_token, facilitator_id) values
${members}
on conflict (id) do nothing;

update public.members set is_facilitator = true where facilitator_id is not null and email like '%@demo.school';
`
}

export const seedPath = fileURLToPath(new URL('../seed.sql', import.meta.url))

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv.includes('--write')) {
  await writeFile(seedPath, seedSql())
  console.log(`wrote ${seedPath}`)
}
