SELECT
  "event_date" AS "date",
  count(*) FILTER (WHERE "is_new" IS TRUE) AS "new_users",
  CAST(count(*) FILTER (WHERE "is_new" IS TRUE) AS DOUBLE) / NULLIF(count(*), 0) AS "new_users_per",
  CAST(count(*) FILTER (WHERE "ret_d1" IS TRUE) AS DOUBLE) / NULLIF(count("ret_d1"), 0) AS "retention_d1"
FROM "daily_user_metrics"
WHERE "app_id" = $app_id
  AND "event_date" >= CAST($date_start AS DATE)
  AND "event_date" <= CAST($date_end AS DATE)
GROUP BY 1
ORDER BY "date" DESC NULLS LAST
LIMIT 1000

-- params
{
  "params": {
    "app_id": "dragon-merge-android",
    "date_start": "2025-06-01",
    "date_end": "2025-06-30"
  },
  "types": {
    "app_id": "STRING",
    "date_start": "DATE",
    "date_end": "DATE"
  }
}
