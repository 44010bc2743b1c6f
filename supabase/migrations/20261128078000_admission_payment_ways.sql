-- The admission e-mail tells the family how to pay the admission fee and the deposit (issue 40):
-- the UPI link and its QR code for their sum, the centre's bank details. The office's device
-- writes the "How to pay" part into the step's e-mail and the QR code as the e-mail's one inline
-- image (`mail.images`, sync/rules/admissions/steps.ts); the server checks the image and sends it
-- with the e-mail, shown where the HTML names it (`cid:upi-qr@payment`).

-- A step e-mail's inline images as the outbox keeps attachments: at most one, the UPI QR code, a
-- GIF in base64 of at most 20,000 characters. Anything else refuses the step with the reason.
create or replace function app.step_mail_images(mail jsonb) returns jsonb
language plpgsql immutable set search_path = ''
as $$
declare
  images jsonb := mail -> 'images';
  image jsonb;
begin
  if images is null or jsonb_typeof(images) = 'null' then
    return '[]'::jsonb;
  end if;
  if jsonb_typeof(images) <> 'array' or jsonb_array_length(images) > 1 then
    raise exception 'A step''s e-mail shows at most one image, the UPI QR code.' using errcode = '22023';
  end if;
  for image in select value from jsonb_array_elements(images) loop
    if jsonb_typeof(image) <> 'object'
       or (select count(*) from jsonb_object_keys(image)) <> 4
       or image ->> 'filename' is distinct from 'upi-qr.gif'
       or image ->> 'contentType' is distinct from 'image/gif'
       or image ->> 'cid' is distinct from 'upi-qr@payment'
       or jsonb_typeof(image -> 'content') <> 'string'
       or length(image ->> 'content') > 20000
       or (image ->> 'content') !~ '^[A-Za-z0-9+/]+={0,2}$' then
      raise exception 'The image of a step''s e-mail is not a UPI QR code.' using errcode = '22023';
    end if;
  end loop;
  return images;
end;
$$;

revoke execute on function app.step_mail_images(jsonb) from public, anon, authenticated;

-- Every step of a changed inquiry that the server has not seen yet. A step's e-mail goes from the
-- sender account of the member who takes it (O07; an admin chooses any): app.sender_for. Its
-- inline image (the UPI QR code) is checked first and travels with its e-mail.
create or replace function app.inquiry_steps_carry_out() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  step jsonb;
  images jsonb;
begin
  if jsonb_typeof(new.data -> 'steps') is distinct from 'array' then
    return null;
  end if;
  if jsonb_array_length(new.data -> 'steps') > 60 then
    raise exception 'An inquiry keeps at most 60 admission steps.' using errcode = '22023';
  end if;
  for step in select value from jsonb_array_elements(new.data -> 'steps') loop
    if jsonb_typeof(step) <> 'object' then
      raise exception 'An admission step is a record.' using errcode = '22023';
    end if;
    continue when exists (select 1 from public.admission_steps s where s.id = step ->> 'id');
    if app.is_staff() and jsonb_typeof(step -> 'mail') = 'object' then
      perform app.sender_for(step #>> '{mail,sender}');
    end if;
    images := case when jsonb_typeof(step -> 'mail') = 'object'
                   then app.step_mail_images(step -> 'mail') else '[]'::jsonb end;
    perform app.carry_out_admission_step(new, step);
    if images <> '[]'::jsonb then
      update public.email_outbox o set attachments = coalesce(o.attachments, '[]'::jsonb) || images
       where o.id = 'step-' || (step ->> 'id') and o.status = 'queued';
    end if;
  end loop;
  return null;
end;
$$;

revoke execute on function app.inquiry_steps_carry_out() from public, anon, authenticated;
