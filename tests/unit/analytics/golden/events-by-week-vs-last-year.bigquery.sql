SELECT
  DATE_TRUNC(CASE WHEN `event_date` < @date_start THEN DATE_ADD(`event_date`, INTERVAL @shift_days DAY) ELSE `event_date` END, WEEK(MONDAY)) AS `week`,
  COUNTIF((`event_date` >= @date_start AND `event_date` <= @date_end)) AS `event_count`,
  COUNTIF((`event_date` >= @prev_start AND `event_date` <= @prev_end)) AS `event_count_prev`,
  (CAST(COUNTIF((`event_date` >= @date_start AND `event_date` <= @date_end)) AS FLOAT64) - COUNTIF((`event_date` >= @prev_start AND `event_date` <= @prev_end))) / NULLIF(ABS(COUNTIF((`event_date` >= @prev_start AND `event_date` <= @prev_end))), 0) * 100 AS `event_count_change_pct`,
  COUNT(DISTINCT IF((`event_date` >= @date_start AND `event_date` <= @date_end), `user_pseudo_id`, NULL)) AS `users`,
  COUNT(DISTINCT IF((`event_date` >= @prev_start AND `event_date` <= @prev_end), `user_pseudo_id`, NULL)) AS `users_prev`,
  (CAST(COUNT(DISTINCT IF((`event_date` >= @date_start AND `event_date` <= @date_end), `user_pseudo_id`, NULL)) AS FLOAT64) - COUNT(DISTINCT IF((`event_date` >= @prev_start AND `event_date` <= @prev_end), `user_pseudo_id`, NULL))) / NULLIF(ABS(COUNT(DISTINCT IF((`event_date` >= @prev_start AND `event_date` <= @prev_end), `user_pseudo_id`, NULL))), 0) * 100 AS `users_change_pct`
FROM `questboard-demo.analytics.events`
WHERE `app_id` = @app_id
  AND ((`event_date` >= @date_start AND `event_date` <= @date_end) OR (`event_date` >= @prev_start AND `event_date` <= @prev_end))
GROUP BY 1
ORDER BY `week` ASC NULLS LAST
LIMIT 1000

-- params
{
  "params": {
    "date_start": "2025-06-02",
    "shift_days": 365,
    "date_end": "2025-06-29",
    "prev_start": "2024-06-02",
    "prev_end": "2024-06-29",
    "app_id": "dragon-merge-android"
  },
  "types": {
    "date_start": "DATE",
    "shift_days": "INT64",
    "date_end": "DATE",
    "prev_start": "DATE",
    "prev_end": "DATE",
    "app_id": "STRING"
  }
}
