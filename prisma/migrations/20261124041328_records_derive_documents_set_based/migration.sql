-- Applicant records (docs/records.md): the documents' feed of `users` computed by one grouping
-- over the applicants' documents instead of a lookup of the grouped rows per applicant (which
-- grew with the square of the chunk: 20 s for 2,000 applicants at scale).
CREATE OR REPLACE FUNCTION users_derive_documents(ids integer[]) RETURNS void LANGUAGE sql AS $$
  WITH per_kind AS (
    SELECT ad.user_id,
           k.title || CASE WHEN ad.n_tpd = 3 THEN ' (endorsement)' ELSE '' END AS kind,
           min(CASE ad.validity WHEN 'expired' THEN 2 WHEN 'expiring' THEN 1 ELSE 0 END) AS grade
      FROM applicant_documents ad JOIN applicant_document_kinds k ON k.id = ad.n_doc
     WHERE ad.user_id = ANY (ids)
     GROUP BY 1, 2
  ), per_user AS (
    SELECT p.user_id,
           CASE max(p.grade) WHEN 0 THEN 'valid' WHEN 1 THEN 'expiring' ELSE 'expired' END AS valid_state,
           jsonb_object_agg(p.kind, CASE p.grade WHEN 0 THEN 'valid' WHEN 1 THEN 'expiring' ELSE 'expired' END) AS valid_states
      FROM per_kind p
     GROUP BY p.user_id
  )
  UPDATE users u SET valid_state = d.valid_state, valid_states = d.valid_states
    FROM (SELECT u2.id, pu.valid_state, COALESCE(pu.valid_states, '{}'::jsonb) AS valid_states
            FROM users u2 LEFT JOIN per_user pu ON pu.user_id = u2.id
           WHERE u2.id = ANY (ids)) d
   WHERE u.id = d.id AND (u.valid_state IS DISTINCT FROM d.valid_state OR u.valid_states IS DISTINCT FROM d.valid_states)
$$;

-- The hourly document-validity job reads only the documents that can still move: dated, not yet
-- marked expired (a partial index: schema.prisma cannot say WHERE).
CREATE INDEX "records_documents_to_watch" ON "applicant_documents" ("valid_until") WHERE "expiry_line" IS NULL OR "expiry_line" > 0;
