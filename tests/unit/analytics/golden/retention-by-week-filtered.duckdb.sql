SELECT
  CAST(date_trunc('week', "event_date") AS DATE) AS "week",
  CAST(count(*) FILTER (WHERE "ret_d1" IS TRUE) AS DOUBLE) / NULLIF(count("ret_d1"), 0) AS "retention_d1",
  CAST(count(*) FILTER (WHERE "ret_d2" IS TRUE) AS DOUBLE) / NULLIF(count("ret_d2"), 0) AS "retention_d2",
  CAST(count(*) FILTER (WHERE "ret_d3" IS TRUE) AS DOUBLE) / NULLIF(count("ret_d3"), 0) AS "retention_d3",
  CAST(count(*) FILTER (WHERE "ret_d4" IS TRUE) AS DOUBLE) / NULLIF(count("ret_d4"), 0) AS "retention_d4",
  CAST(count(*) FILTER (WHERE "ret_d5" IS TRUE) AS DOUBLE) / NULLIF(count("ret_d5"), 0) AS "retention_d5",
  CAST(count(*) FILTER (WHERE "ret_d6" IS TRUE) AS DOUBLE) / NULLIF(count("ret_d6"), 0) AS "retention_d6",
  CAST(count(*) FILTER (WHERE "ret_d7" IS TRUE) AS DOUBLE) / NULLIF(count("ret_d7"), 0) AS "retention_d7",
  CAST(count(*) FILTER (WHERE "ret_w1" IS TRUE) AS DOUBLE) / NULLIF(count("ret_w1"), 0) AS "retention_w1"
FROM "daily_user_metrics"
WHERE "app_id" = $app_id
  AND "event_date" >= CAST($date_start AS DATE)
  AND "event_date" <= CAST($date_end AS DATE)
  AND list_contains(CAST($c1 AS VARCHAR[]), "country")
  AND ("platform" IS NULL OR NOT ("platform" = $c2))
  AND ("event_date" >= CAST($c3_from AS DATE) AND "event_date" <= CAST($c3_to AS DATE))
GROUP BY 1
ORDER BY "week" ASC NULLS LAST
LIMIT 50

-- params
{
  "params": {
    "app_id": "dragon-merge-android",
    "date_start": "2025-06-24",
    "date_end": "2025-06-30",
    "c1": [
      "US",
      "DE",
      "JP"
    ],
    "c2": "IOS",
    "c3_from": "2025-06-01",
    "c3_to": "2025-06-30"
  },
  "types": {
    "app_id": "STRING",
    "date_start": "DATE",
    "date_end": "DATE",
    "c1": [
      "STRING"
    ],
    "c2": "STRING",
    "c3_from": "DATE",
    "c3_to": "DATE"
  }
}
