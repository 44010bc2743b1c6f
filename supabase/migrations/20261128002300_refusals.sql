-- Refusals that tell nothing and names the office owns (issue 29): someone who is not staff is
-- refused a WhatsApp write before anything could tell them whether a number exists, a number
-- written with a trunk 0 instead of its country code is refused, and a family's device cannot
-- rename a child on the roll.

-- Who wrote a record, the server's counts, and the rules a message must keep when it arrives:
-- the number must exist (O15's words), an outgoing one needs an Active number, and free text goes
-- only inside the 24 hours after the person's last message (O12, §4): outside it a template.
-- Each message takes the next place (msg_count) in its number's chat (O16-O18).
create or replace function app.whatsapp_before_write() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  n public.whatsapp;
begin
  -- Someone who is not staff is refused here, as row-level security would refuse them, before
  -- anything below could tell them whether a number exists.
  if auth.uid() is not null and not app.is_staff() then
    raise exception 'You are not allowed to make this change to whatsapp.' using errcode = '42501';
  end if;
  if tg_op = 'UPDATE' then
    new.created_by := old.created_by;
    new.created_at := old.created_at;
    new.updated_at := now();
    new.updated_by := coalesce(auth.uid(), old.updated_by);
    return new;
  end if;
  new.created_by := auth.uid();
  new.updated_at := now();
  new.updated_by := auth.uid();
  if new.kind = 'number' then
    -- Country codes never begin with 0: '09876543211' is a national number written with its trunk 0.
    if new.wa_id like '0%' then
      raise exception 'A WhatsApp number starts with its country code, such as 91.' using errcode = 'P0001';
    end if;
    -- A number the server already counts for (made again by a device) keeps nothing of the device's.
    new.received := 0;
    new.sent := 0;
    new.msg_total := 0;
    new.last_received_at := null;
    new.last_sent_at := null;
    new.last_template_sent_at := null;
    new.msg_count := null;
    new.status := null;
    new.wamid := null;
    select c.family_token into new.family_token
      from public.family_contacts c where c.whatsapp = new.wa_id
     order by c.family_token limit 1;
    return new;
  end if;

  select * into n from public.whatsapp w
   where w.id = 'wa-' || new.wa_id and w.kind = 'number' and not w._deleted
   for update;
  if not found then
    raise exception 'WhatsApp number not found' using errcode = 'P0001';
  end if;
  new.received := null;
  new.sent := null;
  new.msg_total := null;
  new.last_received_at := null;
  new.last_sent_at := null;
  new.last_template_sent_at := null;
  new.family_token := null;
  new.status_reason := null;
  new.status_at := now();
  new.msg_count := coalesce(n.msg_total, 0) + 1;
  if new.data ->> 'direction' = 'out' then
    if n.data ->> 'status' <> 'Active' then
      raise exception 'This WhatsApp number is disabled: nothing is sent to it.' using errcode = 'P0001';
    end if;
    if new.data ->> 'mode' = 'session'
       and (n.last_received_at is null or n.last_received_at <= now() - interval '24 hours') then
      raise exception 'The 24-hour window with this number is closed: only a template message can be sent.'
        using errcode = 'P0001';
    end if;
    new.status := 'queued';
    new.wamid := null;
    update public.whatsapp w set msg_total = new.msg_count where w.id = n.id;
  else
    new.status := 'received';
    update public.whatsapp w
       set msg_total = new.msg_count,
           received = coalesce(w.received, 0) + 1,
           last_received_at = greatest(coalesce(w.last_received_at, new.created_at), new.created_at)
     where w.id = n.id;
  end if;
  return new;
end;
$$;
revoke execute on function app.whatsapp_before_write() from public, anon, authenticated;

create or replace function app.students_guard() returns trigger
language plpgsql set search_path = ''
as $$
begin
  -- A student stays in their family: moving them would hide them from devices without a word.
  if new.family_id is distinct from old.family_id then
    raise exception 'A student cannot move to another family: enrol them in that family instead.'
      using errcode = 'P0001';
  end if;
  if app.is_staff() then
    return new;
  end if;
  if (new.name, new.contact_id, new.group_id, new.status, new.fee_tariff_id, new.enrolment, new._deleted)
     is distinct from
     (old.name, old.contact_id, old.group_id, old.status, old.fee_tariff_id, old.enrolment, old._deleted) then
    raise exception 'Only the office can change a student''s name, group, enrolment or fees.'
      using errcode = '42501';
  end if;
  return new;
end;
$$;
revoke execute on function app.students_guard() from public, anon, authenticated;
