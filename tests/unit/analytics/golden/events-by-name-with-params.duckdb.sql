SELECT
  "event_name" AS "event_name",
  count(*) AS "event_count",
  count(DISTINCT "user_pseudo_id") AS "users",
  CAST(count(*) AS DOUBLE) / NULLIF(count(DISTINCT "user_pseudo_id"), 0) AS "events_per_user",
  avg("value") AS "value_avg"
FROM "events"
WHERE "app_id" = $app_id
  AND "event_date" >= CAST($date_start AS DATE)
  AND "event_date" <= CAST($date_end AS DATE)
  AND strpos(lower("event_name"), lower($c1)) > 0
  AND ("event_timestamp" >= CAST($c2_from AS TIMESTAMP) AND "event_timestamp" <= CAST($c2_to AS TIMESTAMP))
  AND "success" IS FALSE
  AND ("level" IS NULL OR NOT ("level" = $c4))
  AND ("country" IS NULL OR NOT (list_contains(CAST($c6 AS VARCHAR[]), "country")))
  AND ("event_date" >= CAST($c7_from AS DATE) AND "event_date" <= CAST($c7_to AS DATE))
GROUP BY 1
ORDER BY "event_count" DESC NULLS LAST, "event_name" ASC NULLS LAST
LIMIT 10000

-- params
{
  "params": {
    "app_id": "dragon-merge-android",
    "date_start": "2025-06-24",
    "date_end": "2025-06-30",
    "c1": "level",
    "c2_from": "2025-06-25 00:00:00",
    "c2_to": "2025-06-28 18:30:00",
    "c4": 3,
    "c6": [
      "CN",
      "RU"
    ],
    "c7_from": "2025-06-30",
    "c7_to": "2025-07-06"
  },
  "types": {
    "app_id": "STRING",
    "date_start": "DATE",
    "date_end": "DATE",
    "c1": "STRING",
    "c2_from": "TIMESTAMP",
    "c2_to": "TIMESTAMP",
    "c4": "INT64",
    "c6": [
      "STRING"
    ],
    "c7_from": "DATE",
    "c7_to": "DATE"
  }
}
