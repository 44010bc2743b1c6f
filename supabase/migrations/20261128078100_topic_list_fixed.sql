-- Whose list a topic is on decides who reads it (guardians and students read the default list
-- only): it never changes once written (app.columns_are_fixed), so a device never keeps a topic
-- its person could no longer read.
create trigger facilitator_is_fixed before update on public.topics
  for each row execute function app.columns_are_fixed('facilitator_id');
