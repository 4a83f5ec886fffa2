WITH step1 AS (
SELECT "user_pseudo_id" AS "u", min(epoch_us("event_timestamp")) AS "t1", min(epoch_us("event_timestamp")) AS "t"
FROM "events"
WHERE "app_id" = $app_id AND "event_date" >= CAST($date_start AS DATE) AND "event_date" <= CAST($date_end AS DATE) AND "event_name" = $s1_event
GROUP BY 1
),
step2 AS (
SELECT p."u" AS "u", p."t1" AS "t1", min(epoch_us("event_timestamp")) AS "t"
FROM step1 p JOIN "events" ON "user_pseudo_id" = p."u"
WHERE "app_id" = $app_id AND "event_date" >= CAST($date_start AS DATE) AND "event_date" <= CAST($last_day AS DATE) AND ("event_name" = $s2_event AND "success" IS TRUE)
  AND epoch_us("event_timestamp") > p."t" AND epoch_us("event_timestamp") <= p."t1" + $window_us
GROUP BY 1, 2
),
step3 AS (
SELECT p."u" AS "u", p."t1" AS "t1", min(epoch_us("event_timestamp")) AS "t"
FROM step2 p JOIN "events" ON "user_pseudo_id" = p."u"
WHERE "app_id" = $app_id AND "event_date" >= CAST($date_start AS DATE) AND "event_date" <= CAST($last_day AS DATE) AND ("event_name" = $s3_event AND list_contains(CAST($s3c1 AS VARCHAR[]), "currency"))
  AND epoch_us("event_timestamp") > p."t" AND epoch_us("event_timestamp") <= p."t1" + $window_us
GROUP BY 1, 2
),
entry AS (
SELECT s."u" AS "u", min("country") AS "split_value"
FROM step1 s JOIN "events" ON "user_pseudo_id" = s."u"
WHERE "app_id" = $app_id AND "event_date" >= CAST($date_start AS DATE) AND "event_date" <= CAST($date_end AS DATE) AND "event_name" = $s1_event AND epoch_us("event_timestamp") = s."t1"
GROUP BY 1
),
players AS (
SELECT s1."u" AS "u", en."split_value" AS "split_value", s1."t1" AS "t1", s2."t" AS "t2", s3."t" AS "t3"
FROM step1 s1
LEFT JOIN entry en ON en."u" = s1."u"
LEFT JOIN step2 s2 ON s2."u" = s1."u"
LEFT JOIN step3 s3 ON s3."u" = s1."u"
),
reached AS (SELECT "split_value" AS "v", "t1" AS "r1", "t2" AS "r2", "t3" AS "r3" FROM players),
sized AS (SELECT reached.*, count(*) OVER (PARTITION BY "v") AS "size" FROM reached),
ranked AS (SELECT sized.*, dense_rank() OVER (ORDER BY "size" DESC, CASE WHEN "v" IS NULL THEN 1 ELSE 0 END, "v") AS "place" FROM sized),
keyed AS (
SELECT 'total' AS "kind", NULL AS "g", "r1", "r2", "r3" FROM reached
UNION ALL
SELECT CASE WHEN "place" <= 10 THEN 'value' ELSE 'other' END AS "kind",
  CASE WHEN "place" <= 10 THEN "v" END AS "g", "r1", "r2", "r3"
FROM ranked
)
SELECT "kind", "g", count("r1") AS "n1", count("r2") AS "n2", count("r3") AS "n3", quantile_cont("r2" - "r1", 0.5) AS "m2", quantile_cont("r3" - "r2", 0.5) AS "m3"
FROM keyed GROUP BY "kind", "g"

-- params
{
  "params": {
    "app_id": "dragon-merge-android",
    "date_start": "2025-06-01",
    "date_end": "2025-06-30",
    "s1_event": "level_start",
    "last_day": "2025-07-07",
    "s2_event": "level_end",
    "window_us": 604800000000,
    "s3_event": "in_app_purchase",
    "s3c1": [
      "USD",
      "EUR"
    ]
  },
  "types": {
    "app_id": "STRING",
    "date_start": "DATE",
    "date_end": "DATE",
    "s1_event": "STRING",
    "last_day": "DATE",
    "s2_event": "STRING",
    "window_us": "INT64",
    "s3_event": "STRING",
    "s3c1": [
      "STRING"
    ]
  }
}
