SELECT
  `event_name` AS `event_name`,
  COUNT(*) AS `event_count`,
  COUNT(DISTINCT `user_pseudo_id`) AS `users`,
  CAST(COUNT(*) AS FLOAT64) / NULLIF(COUNT(DISTINCT `user_pseudo_id`), 0) AS `events_per_user`,
  AVG(`value`) AS `value_avg`
FROM `questboard-demo.analytics.events`
WHERE `app_id` = @app_id
  AND `event_date` >= @date_start
  AND `event_date` <= @date_end
  AND STRPOS(LOWER(`event_name`), LOWER(@c1)) > 0
  AND (`event_timestamp` >= @c2_from AND `event_timestamp` <= @c2_to)
  AND `success` IS FALSE
  AND (`level` IS NULL OR NOT (`level` = @c4))
  AND (`country` IS NULL OR NOT (`country` IN UNNEST(@c6)))
  AND (`event_date` >= @c7_from AND `event_date` <= @c7_to)
GROUP BY 1
ORDER BY `event_count` DESC NULLS LAST, `event_name` ASC NULLS LAST
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
