-- What the local host's auth keeps to stop code guessing: the wrong one-time codes entered for
-- an account since its last code was sent. Supabase Auth keeps its own limits; this table exists
-- only where the host plays Supabase Auth. After 5 wrong codes the code is cleared, so the
-- person asks for a new one (and sending one is limited per address and per IP).
-- Applied only on databases that are not Supabase ones, after 00_core.sql, and safe to re-run.
create table if not exists auth.otp_failures (
  user_id uuid not null references auth.users (id) on delete cascade,
  kind text not null,
  failures integer not null default 0 check (failures >= 0),
  updated_at timestamptz not null default now(),
  primary key (user_id, kind)
);
alter table auth.otp_failures enable row level security;
revoke all on auth.otp_failures from public, anon, authenticated;
