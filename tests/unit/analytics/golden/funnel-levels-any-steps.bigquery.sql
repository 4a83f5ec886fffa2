WITH firsts AS (
SELECT `user_pseudo_id` AS `u`,
  min(CASE WHEN `event_name` = @s1_event THEN UNIX_MICROS(`event_timestamp`) END) AS `f1`,
  min(CASE WHEN (`event_name` = @s2_event AND `success` IS TRUE) THEN UNIX_MICROS(`event_timestamp`) END) AS `f2`,
  min(CASE WHEN (`event_name` = @s3_event AND `currency` IN UNNEST(@s3c1)) THEN UNIX_MICROS(`event_timestamp`) END) AS `f3`
FROM `questboard-demo.analytics.events`
WHERE `app_id` = @app_id AND `event_date` >= @date_start AND `event_date` <= @last_day AND (`event_name` = @s1_event OR (`event_name` = @s2_event AND `success` IS TRUE) OR (`event_name` = @s3_event AND `currency` IN UNNEST(@s3c1)))
GROUP BY 1
),
step1 AS (
SELECT `u`, `f1` AS `t1` FROM firsts WHERE `f1` < @end_us
),
entry AS (
SELECT s.`u` AS `u`, min(`country`) AS `split_value`
FROM step1 s JOIN `questboard-demo.analytics.events` ON `user_pseudo_id` = s.`u`
WHERE `app_id` = @app_id AND `event_date` >= @date_start AND `event_date` <= @date_end AND `event_name` = @s1_event AND UNIX_MICROS(`event_timestamp`) = s.`t1`
GROUP BY 1
),
players AS (
SELECT s1.`u` AS `u`, en.`split_value` AS `split_value`, f.`f1` AS `t1`, f.`f2` AS `t2`, f.`f3` AS `t3`
FROM step1 s1
LEFT JOIN entry en ON en.`u` = s1.`u`
JOIN firsts f ON f.`u` = s1.`u`
),
reached AS (SELECT `split_value` AS `v`, `t1` AS `r1`, CASE WHEN `t1` IS NOT NULL AND `t2` IS NOT NULL AND GREATEST(`t1`, `t2`) - LEAST(`t1`, `t2`) <= @window_us THEN GREATEST(`t1`, `t2`) END AS `r2`, CASE WHEN `t1` IS NOT NULL AND `t2` IS NOT NULL AND `t3` IS NOT NULL AND GREATEST(`t1`, `t2`, `t3`) - LEAST(`t1`, `t2`, `t3`) <= @window_us THEN GREATEST(`t1`, `t2`, `t3`) END AS `r3` FROM players),
sized AS (SELECT reached.*, count(*) OVER (PARTITION BY `v`) AS `size` FROM reached),
ranked AS (SELECT sized.*, dense_rank() OVER (ORDER BY `size` DESC, CASE WHEN `v` IS NULL THEN 1 ELSE 0 END, `v`) AS `place` FROM sized),
keyed AS (
SELECT 'total' AS `kind`, NULL AS `g`, `r1`, `r2`, `r3` FROM reached
UNION ALL
SELECT CASE WHEN `place` <= 10 THEN 'value' ELSE 'other' END AS `kind`,
  CASE WHEN `place` <= 10 THEN `v` END AS `g`, `r1`, `r2`, `r3`
FROM ranked
)
SELECT `kind`, `g`, count(`r1`) AS `n1`, count(`r2`) AS `n2`, count(`r3`) AS `n3`, ANY_VALUE(`m2`) AS `m2`, ANY_VALUE(`m3`) AS `m3`
FROM (SELECT keyed.*, PERCENTILE_CONT(`r2` - `r1`, 0.5) OVER (PARTITION BY `kind`, `g`) AS `m2`, PERCENTILE_CONT(`r3` - `r2`, 0.5) OVER (PARTITION BY `kind`, `g`) AS `m3` FROM keyed)
GROUP BY `kind`, `g`

-- params
{
  "params": {
    "s1_event": "level_start",
    "s2_event": "level_end",
    "s3_event": "in_app_purchase",
    "s3c1": [
      "USD",
      "EUR"
    ],
    "app_id": "dragon-merge-android",
    "date_start": "2025-06-01",
    "last_day": "2025-07-07",
    "end_us": 1751328000000000,
    "date_end": "2025-06-30",
    "window_us": 604800000000
  },
  "types": {
    "s1_event": "STRING",
    "s2_event": "STRING",
    "s3_event": "STRING",
    "s3c1": [
      "STRING"
    ],
    "app_id": "STRING",
    "date_start": "DATE",
    "last_day": "DATE",
    "end_us": "INT64",
    "date_end": "DATE",
    "window_us": "INT64"
  }
}
