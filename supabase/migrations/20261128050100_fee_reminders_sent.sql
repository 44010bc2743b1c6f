-- When each family was last sent a fee reminder, by whom, and where its e-mail stands (issue 40):
-- the office's Reminders pane shows it and asks before a second one within a day. A family's
-- reminder is a message queued with the 'paymentReminder' trigger to one of its guardians'
-- addresses; the last half year is looked at. Staff only: anyone else gets no rows.
create or replace function public.fee_reminders_sent()
returns table (family_id text, sent_at timestamptz, sent_by text, status text)
language sql stable security definer set search_path = ''
as $$
  select distinct on (f.id) f.id, o.created_at, nullif(btrim(coalesce(nullif(m.name, ''), m.email)), ''),
         o.status
    from public.families f
    join public.email_outbox o
      on o.email_trigger = 'paymentReminder'
     and o.created_at > now() - interval '183 days'
     and exists (
           select 1
             from jsonb_array_elements(case when jsonb_typeof(f.data -> 'guardians') = 'array'
                                            then f.data -> 'guardians' else '[]'::jsonb end) g
            where lower(btrim(g ->> 'email')) in (select lower(r) from unnest(o.recipients) r))
    left join public.members m on m.id = o.triggered_by
   where app.is_staff() and not f._deleted
   order by f.id, o.created_at desc
$$;

revoke execute on function public.fee_reminders_sent() from public, anon;

grant execute on function public.fee_reminders_sent() to authenticated;
