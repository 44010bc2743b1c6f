-- The onboarding questionnaire (/apply-onboarding, decisions G03, G04, G16): a family that has
-- applied answers it before the first day. The `applications` function checks the answers and
-- calls this with the service key; the answers join the family's newest open inquiry whose
-- guardians include the given e-mail address, as data.onboarding, with the server's time. Sending
-- the same answers again (the same id) changes nothing; new answers replace earlier ones.
create or replace function public.applications_onboarding(answers jsonb)
returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  target text;
  earlier text;
begin
  select i.id, i.data -> 'onboarding' ->> 'id' into target, earlier
    from public.inquiries i
   where i.kind = 'family' and not i.archived
     and exists (select 1 from jsonb_array_elements(i.data -> 'guardians') g
                  where lower(g ->> 'email') = lower(answers ->> 'email'))
   order by i.submitted desc, i.id
   limit 1
   for update;
  if target is null then
    return jsonb_build_object('found', false);
  end if;
  if earlier is not distinct from answers ->> 'id' then
    return jsonb_build_object('found', true, 'id', target, 'duplicate', true);
  end if;
  update public.inquiries
     set data = jsonb_set(data, '{onboarding}', answers || jsonb_build_object('submitted', now()))
   where id = target;
  return jsonb_build_object('found', true, 'id', target, 'duplicate', false);
end;
$$;
revoke execute on function public.applications_onboarding(jsonb) from public, anon, authenticated;
grant execute on function public.applications_onboarding(jsonb) to service_role;
