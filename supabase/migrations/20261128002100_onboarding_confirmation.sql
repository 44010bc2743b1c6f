-- Onboarding answers need their family's confirmation (issue 29): anyone could post answers for
-- an address that applied and replace what the office reads about who picks a child up. Answers
-- now wait until the link sent to that address is opened, and earlier answers are kept.
drop function if exists public.applications_onboarding(jsonb);

-- Onboarding answers waiting for their family to confirm them from the e-mailed link (issue 29):
-- who picks a child up is a safety matter, so answers join an inquiry only when someone who reads
-- the mailbox that applied opens the link. Only a hash of the link's token is kept; a link works
-- once, for three days.
create table if not exists app.onboarding_confirmations (
  token_hash text primary key check (token_hash ~ '^[0-9a-f]{64}$'),
  inquiry_id text not null references public.inquiries (id) on delete cascade,
  answers jsonb not null check (jsonb_typeof(answers) = 'object'),
  created_at timestamptz not null default now()
);

alter table app.onboarding_confirmations enable row level security;

revoke all on app.onboarding_confirmations from public, anon, authenticated;

create index if not exists onboarding_confirmations_inquiry_idx
  on app.onboarding_confirmations (inquiry_id, created_at);

-- Answers sent from /apply-onboarding (the `applications` function, service role only): when a
-- family inquiry lists the address, they wait for confirmation and the link goes to that address
-- as the inquiry has it. The caller is told the same whether or not the address applied.
create or replace function public.applications_onboarding_request(answers jsonb, token_hash text, mail jsonb)
returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  target text;
  address text;
begin
  select i.id, g ->> 'email' into target, address
    from public.inquiries i, jsonb_array_elements(i.data -> 'guardians') g
   where i.kind = 'family' and not i.archived
     and lower(g ->> 'email') = lower(answers ->> 'email')
   order by i.submitted desc, i.id
   limit 1;
  if target is null then
    return jsonb_build_object('found', false);
  end if;
  delete from app.onboarding_confirmations c
   where c.created_at < now() - interval '3 days'
      or (c.inquiry_id = target and c.token_hash in (
            select x.token_hash from app.onboarding_confirmations x where x.inquiry_id = target
             order by x.created_at desc offset 4));
  insert into app.onboarding_confirmations (token_hash, inquiry_id, answers)
  values (applications_onboarding_request.token_hash, target, answers);
  insert into public.email_outbox (sender, recipients, subject, html_body, email_type, email_trigger)
  values (mail ->> 'sender', array[address], mail ->> 'subject', mail ->> 'html', 'Inquiry',
          'applications.onboardingConfirm');
  return jsonb_build_object('found', true);
end;
$$;

revoke execute on function public.applications_onboarding_request(jsonb, text, jsonb) from public, anon, authenticated;

grant execute on function public.applications_onboarding_request(jsonb, text, jsonb) to service_role;

-- The family opened the link: its answers join the inquiry, once. Earlier answers are kept beside
-- them (newest first, five at most), so a second set never silently replaces the first.
create or replace function public.applications_onboarding_confirm(token_hash text)
returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  waiting app.onboarding_confirmations;
begin
  delete from app.onboarding_confirmations c
   where c.token_hash = applications_onboarding_confirm.token_hash
     and c.created_at >= now() - interval '3 days'
  returning * into waiting;
  if waiting.inquiry_id is null then
    return jsonb_build_object('found', false);
  end if;
  update public.inquiries i
     set data = i.data
           || jsonb_build_object('onboarding', waiting.answers || jsonb_build_object('submitted', now()))
           || case when i.data ? 'onboarding' then jsonb_build_object('onboardingEarlier',
                (select coalesce(jsonb_agg(x.e order by x.n), '[]'::jsonb)
                   from jsonb_array_elements(jsonb_build_array(i.data -> 'onboarding')
                          || coalesce(i.data -> 'onboardingEarlier', '[]'::jsonb))
                        with ordinality as x(e, n)
                  where x.n <= 5))
              else '{}'::jsonb end
   where i.id = waiting.inquiry_id;
  return jsonb_build_object('found', true, 'id', waiting.inquiry_id);
end;
$$;

revoke execute on function public.applications_onboarding_confirm(text) from public, anon, authenticated;

grant execute on function public.applications_onboarding_confirm(text) to service_role;
