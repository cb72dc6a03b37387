-- Applicants, second step (docs/applicants.md): the sort indexes, one function for the
-- duplicate keys, and the sea-service view the list's sea-service filters read.

-- Nullable sort columns order empty values last both ways; the descending sorts need indexes
-- of their own for that (ascending ones use the (column, id) indexes of schema.prisma).
-- Hand-written: schema.prisma cannot say NULLS LAST (the drift test lists users_sort_*).
CREATE INDEX "users_sort_birthday_desc" ON "users" ("birthday" DESC NULLS LAST, "id" DESC);
CREATE INDEX "users_sort_readiness_date_desc" ON "users" ("readiness_date" DESC NULLS LAST, "id" DESC);
CREATE INDEX "users_sort_wage_desc" ON "users" ("wage" DESC NULLS LAST, "id" DESC);
CREATE INDEX "users_sort_status_desc" ON "users" ("status" DESC NULLS LAST, "id" DESC);
CREATE INDEX "users_sort_vessel_last_name_desc" ON "users" ("vessel_last_name" DESC NULLS LAST, "id" DESC);
CREATE INDEX "users_sort_last_contract_soff_desc" ON "users" ("last_contract_soff" DESC NULLS LAST, "id" DESC);
CREATE INDEX "users_sort_vessel_planned_name_desc" ON "users" ("vessel_planned_name" DESC NULLS LAST, "id" DESC);
CREATE INDEX "users_sort_date_planned_desc" ON "users" ("date_planned" DESC NULLS LAST, "id" DESC);
CREATE INDEX "users_sort_last_contact_desc" ON "users" ("last_contact" DESC NULLS LAST, "id" DESC);
CREATE INDEX "users_sort_vessel_planned_name" ON "users" ("vessel_planned_name", "id");
CREATE INDEX "users_sort_last_contact" ON "users" ("last_contact", "id");

-- The duplicate keys of an applicant (e:<email>, p:<mobile digits>, n:<surname>|<name>|<birthday>):
-- one definition for the row trigger and the duplicate check of a write.
CREATE FUNCTION users_dedupe_keys(email text, email_alternative text, mobile_phone text, mobile_phone_alternative text,
                                  surname text, name text, birthday date) RETURNS text[] LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT ARRAY(SELECT k FROM unnest(ARRAY[
    'e:' || NULLIF(lower(btrim(email)), ''),
    'e:' || NULLIF(lower(btrim(email_alternative)), ''),
    'p:' || CASE WHEN length(phone_digits(mobile_phone)) >= 7 THEN phone_digits(mobile_phone) END,
    'p:' || CASE WHEN length(phone_digits(mobile_phone_alternative)) >= 7 THEN phone_digits(mobile_phone_alternative) END,
    'n:' || NULLIF(search_words(surname), '') || '|' || NULLIF(search_words(name), '') || '|' || to_char(birthday, 'YYYY-MM-DD')
  ]) AS k WHERE k IS NOT NULL)
$$;

CREATE OR REPLACE FUNCTION users_search_fill() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND NEW.surname IS NOT DISTINCT FROM OLD.surname AND NEW.name IS NOT DISTINCT FROM OLD.name
     AND NEW.middle IS NOT DISTINCT FROM OLD.middle AND NEW.birthday IS NOT DISTINCT FROM OLD.birthday
     AND NEW.email IS NOT DISTINCT FROM OLD.email AND NEW.email_alternative IS NOT DISTINCT FROM OLD.email_alternative
     AND NEW.mobile_phone IS NOT DISTINCT FROM OLD.mobile_phone
     AND NEW.mobile_phone_alternative IS NOT DISTINCT FROM OLD.mobile_phone_alternative
     AND NEW.phonehome IS NOT DISTINCT FROM OLD.phonehome
     AND NEW.crewing_applicant_id IS NOT DISTINCT FROM OLD.crewing_applicant_id
     AND NEW.tag_list IS NOT DISTINCT FROM OLD.tag_list
     AND NEW.search_vessel_names IS NOT DISTINCT FROM OLD.search_vessel_names THEN
    RETURN NEW;
  END IF;
  NEW.search_document := to_tsvector('simple', concat_ws(' ',
    search_words(NEW.surname), search_words(NEW.name), search_words(NEW.middle),
    search_words(NEW.crewing_applicant_id), search_words(NEW.email), search_words(NEW.email_alternative),
    search_words(array_to_string(NEW.tag_list, ' ')), search_words(array_to_string(NEW.search_vessel_names, ' '))));
  NEW.search_phones := concat_ws(' ', phone_digits(NEW.mobile_phone), phone_digits(NEW.mobile_phone_alternative), phone_digits(NEW.phonehome));
  NEW.dedupe_keys := users_dedupe_keys(NEW.email, NEW.email_alternative, NEW.mobile_phone, NEW.mobile_phone_alternative,
                                       NEW.surname, NEW.name, NEW.birthday);
  RETURN NEW;
END;
$$;

-- What the list's sea-service filters read (deadweight, vessel type, engine type and
-- manufacturer, company or manager): one row per sea-service record of an applicant. Empty
-- until the records area's migration replaces it (CREATE OR REPLACE VIEW with these columns,
-- in this order) over its sea-service table; docs/applicants.md "Derived columns".
CREATE VIEW "users_sea_service" AS
  SELECT NULL::integer AS user_id, NULL::integer AS deadweight, NULL::integer AS vessel_type_id,
         NULL::integer AS engine_type_id, NULL::integer AS engine_manufacturer_id, NULL::text AS company_name
   WHERE false;
