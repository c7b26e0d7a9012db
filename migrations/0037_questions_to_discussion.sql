-- Questions move into the Discussion (ADR 055) without loss: every question becomes a thread with
-- the same id (its asker the author; a hidden question a hidden thread, hidden at its own date so
-- old hides do not count toward a posting suspension), every answer the founder's reply
-- (`<questionId>-answer`), the kept figures computed; then the questions' table goes. A project
-- without a founder's account (seeded ones) had its answers written for it: they become replies
-- by the oldest admin account, still marked the founder's.
INSERT INTO `discussion_posts` (`id`, `project_id`, `thread_id`, `parent_id`, `depth`, `author_id`, `body`, `by_founder`,
  `vote_count`, `reply_count`, `hidden_at`, `created_at`, `last_activity_at`)
SELECT q.`id`, q.`project_id`, q.`id`, NULL, 0, q.`asker_id`, q.`question`,
  CASE WHEN q.`asker_id` = p.`founder_id` THEN 1 ELSE 0 END, 0,
  CASE WHEN q.`answer` IS NOT NULL AND coalesce(p.`founder_id`, (SELECT a.`id` FROM `users` a WHERE a.`role` = 'admin' ORDER BY a.`created_at`, a.`id` LIMIT 1)) IS NOT NULL THEN 1 ELSE 0 END,
  CASE WHEN q.`hidden` = 1 THEN q.`created_at` END,
  q.`created_at`,
  CASE WHEN q.`answer` IS NOT NULL AND coalesce(p.`founder_id`, (SELECT a.`id` FROM `users` a WHERE a.`role` = 'admin' ORDER BY a.`created_at`, a.`id` LIMIT 1)) IS NOT NULL
    THEN max(q.`created_at`, coalesce(q.`answered_at`, q.`created_at`)) ELSE q.`created_at` END
FROM `project_questions` q JOIN `projects` p ON p.`id` = q.`project_id`;
--> statement-breakpoint
INSERT INTO `discussion_posts` (`id`, `project_id`, `thread_id`, `parent_id`, `depth`, `author_id`, `body`, `by_founder`,
  `vote_count`, `reply_count`, `created_at`, `last_activity_at`)
SELECT q.`id` || '-answer', q.`project_id`, q.`id`, q.`id`, 1,
  coalesce(p.`founder_id`, (SELECT a.`id` FROM `users` a WHERE a.`role` = 'admin' ORDER BY a.`created_at`, a.`id` LIMIT 1)),
  q.`answer`, 1, 0, 0,
  max(q.`created_at`, coalesce(q.`answered_at`, q.`created_at`)), max(q.`created_at`, coalesce(q.`answered_at`, q.`created_at`))
FROM `project_questions` q JOIN `projects` p ON p.`id` = q.`project_id`
WHERE q.`answer` IS NOT NULL
  AND coalesce(p.`founder_id`, (SELECT a.`id` FROM `users` a WHERE a.`role` = 'admin' ORDER BY a.`created_at`, a.`id` LIMIT 1)) IS NOT NULL;
--> statement-breakpoint
UPDATE `projects` SET `thread_count` = (SELECT count(*) FROM `discussion_posts` d
  WHERE d.`project_id` = `projects`.`id` AND d.`depth` = 0 AND d.`hidden_at` IS NULL);
--> statement-breakpoint
DROP TABLE `project_questions`;
