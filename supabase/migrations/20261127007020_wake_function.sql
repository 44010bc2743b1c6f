-- One way to wake a dispatcher function: read its address and the shared secret from Vault and
-- POST to it with pg_net. The e-mail outbox (20261126000300) and the WhatsApp outbox
-- (20261127006010) each had their own copy; both now call this one.
create or replace function app.wake_function(url_secret text, waiting text) returns bigint
language plpgsql security definer set search_path = ''
as $$
declare
  target text;
  secret text;
begin
  if to_regnamespace('net') is null or to_regclass('vault.decrypted_secrets') is null then
    return null;
  end if;
  select s.decrypted_secret into target from vault.decrypted_secrets s where s.name = url_secret;
  select s.decrypted_secret into secret from vault.decrypted_secrets s where s.name = 'outbox_secret';
  if coalesce(target, '') = '' or coalesce(secret, '') = '' then
    raise warning '% in the outbox: store % and outbox_secret in Vault (docs/deploy.md)',
      waiting, url_secret;
    return null;
  end if;
  return net.http_post(
    url := target,
    body := '{}'::jsonb,
    headers := jsonb_build_object('Content-Type', 'application/json',
                                  'Authorization', 'Bearer ' || secret),
    timeout_milliseconds := 10000);
end;
$$;
revoke execute on function app.wake_function(text, text) from public, anon, authenticated;

create or replace function app.wake_outbox() returns bigint
language sql security definer set search_path = ''
as $$ select app.wake_function('outbox_url', 'E-mail waits') $$;

create or replace function app.wake_whatsapp() returns bigint
language sql security definer set search_path = ''
as $$ select app.wake_function('whatsapp_url', 'WhatsApp messages wait') $$;

revoke execute on function app.wake_outbox(), app.wake_whatsapp() from public, anon, authenticated;
