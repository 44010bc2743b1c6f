-- The centre's bank details (issue 40): families were never told how to pay by transfer. They are
-- part of the centre's shared settings, changed by an admin (checked here as in the form:
-- sync/contract/commands/centre/bank-details.ts) and read by every signed-in member who is not
-- blocked (the office prints them in fee reminders; a family pays to them).
alter table public.app_settings
  add column if not exists bank_details jsonb not null default '{}'::jsonb;

alter table public.app_settings drop constraint if exists app_settings_bank_details_object;
alter table public.app_settings
  add constraint app_settings_bank_details_object check (jsonb_typeof(bank_details) = 'object');

-- The details as an admin saves them: known fields only, trimmed, empty ones left out; the
-- account name, number and IFSC together or not at all.
create or replace function public.admin_set_bank_details(details jsonb) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  fields constant text[] := array['accountName', 'accountNumber', 'ifsc', 'bankName', 'branch'];
  cleaned jsonb := '{}'::jsonb;
  field text;
  value text;
  unknown text;
begin
  if not app.is_admin() then
    raise exception 'Only admins can change the bank details' using errcode = '42501';
  end if;
  if details is null or jsonb_typeof(details) <> 'object' then
    raise exception 'The bank details are a set of fields' using errcode = '22023';
  end if;
  select k into unknown from jsonb_object_keys(details) k where k <> all (fields) limit 1;
  if unknown is not null then
    raise exception 'Unknown bank detail: %', unknown using errcode = '22023';
  end if;
  foreach field in array fields loop
    if details ? field and jsonb_typeof(details -> field) <> 'string' then
      raise exception 'The % is text', field using errcode = '22023';
    end if;
    value := btrim(coalesce(details ->> field, ''));
    if length(value) > 100 then
      raise exception 'Use at most 100 characters' using errcode = '22023';
    end if;
    if value <> '' then
      cleaned := cleaned || jsonb_build_object(field, value);
    end if;
  end loop;
  if cleaned ? 'accountNumber' and (cleaned ->> 'accountNumber') !~ '^[0-9]{6,18}$' then
    raise exception 'An account number is 6 to 18 digits' using errcode = '22023';
  end if;
  if cleaned ? 'ifsc' and (cleaned ->> 'ifsc') !~ '^[A-Z]{4}0[A-Z0-9]{6}$' then
    raise exception 'An IFSC is 11 characters: four letters, 0, then six letters or digits'
      using errcode = '22023';
  end if;
  if (cleaned ?& array['accountName', 'accountNumber', 'ifsc'])
     <> (cleaned ?| array['accountName', 'accountNumber', 'ifsc']) then
    raise exception 'Give the account name, number and IFSC together, or leave all three empty'
      using errcode = '22023';
  end if;
  update public.app_settings s set bank_details = cleaned, updated_at = now() where s.id = 'shared';
  return jsonb_build_object('type', 'success', 'message', 'Bank details saved',
                            'bankDetails', cleaned);
end;
$$;

revoke execute on function public.admin_set_bank_details(jsonb) from public;
grant execute on function public.admin_set_bank_details(jsonb) to authenticated;

-- The details as saved ({} until an admin gives them), for members who are not blocked.
create or replace function public.centre_bank_details() returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
begin
  if app.role() is null then
    raise exception 'Only members of the centre can read its bank details' using errcode = '42501';
  end if;
  return coalesce((select s.bank_details from public.app_settings s where s.id = 'shared'),
                  '{}'::jsonb);
end;
$$;

revoke execute on function public.centre_bank_details() from public;
grant execute on function public.centre_bank_details() to authenticated;
