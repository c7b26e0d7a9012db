-- Raises that end (ADR 043): an investment counts in the kept sums (ADR 037) while it is held
-- (`held` = 1: active, or confirmed once its raise was funded), no longer only while active. A
-- status change between two held statuses with the same figures (a raise's investments confirmed)
-- changes no sum, so neither side runs: confirming 10,000 investments writes no kept row. A
-- returned investment leaves its sums like a cancelled one.
DROP TRIGGER `investments_kept_insert_active`;
--> statement-breakpoint
CREATE TRIGGER `investments_kept_insert_active` AFTER INSERT ON `investments` WHEN new.held = 1 BEGIN
  INSERT INTO `positions` (`project_id`, `investor_id`, `category`, `risk_level`, `shares`, `amount_cents`, `investments`, `last_at`)
    SELECT new.project_id, new.investor_id, p.category, p.risk_level, new.shares, new.amount_cents, 1, new.created_at
    FROM `projects` p WHERE p.id = new.project_id
    ON CONFLICT (`project_id`, `investor_id`) DO UPDATE SET `shares` = `shares` + excluded.`shares`,
      `amount_cents` = `amount_cents` + excluded.`amount_cents`, `investments` = `investments` + 1,
      `last_at` = max(`last_at`, excluded.`last_at`);
  UPDATE `projects` SET `investment_count` = `investment_count` + 1 WHERE `id` = new.project_id;
  INSERT INTO `project_days` (`project_id`, `day`, `investments`, `amount_cents`)
    VALUES (new.project_id, cast(new.created_at / 86400000 as integer), 1, new.amount_cents)
    ON CONFLICT (`project_id`, `day`) DO UPDATE SET `investments` = `investments` + 1,
      `amount_cents` = `amount_cents` + excluded.`amount_cents`;
  INSERT INTO `investor_days` (`investor_id`, `day`, `investments`, `limit_cents`)
    SELECT new.investor_id, cast(new.created_at / 86400000 as integer), 1, CASE WHEN p.regulation_type IN ('RegCF', 'SAFE') THEN new.amount_cents ELSE 0 END
    FROM `projects` p WHERE p.id = new.project_id
    ON CONFLICT (`investor_id`, `day`) DO UPDATE SET `investments` = `investments` + 1,
      `limit_cents` = `limit_cents` + excluded.`limit_cents`;
END;
--> statement-breakpoint
DROP TRIGGER `investments_kept_delete_active`;
--> statement-breakpoint
CREATE TRIGGER `investments_kept_delete_active` AFTER DELETE ON `investments` WHEN old.held = 1 BEGIN
  UPDATE `positions` SET `shares` = `shares` - old.shares, `amount_cents` = `amount_cents` - old.amount_cents,
      `investments` = `investments` - 1,
      `last_at` = CASE WHEN old.created_at < `last_at` THEN `last_at` ELSE coalesce(
        (SELECT max(i.created_at) FROM `investments` i
         WHERE i.project_id = old.project_id AND i.held = 1 AND i.investor_id = old.investor_id), 0) END
    WHERE `project_id` = old.project_id AND `investor_id` = old.investor_id;
  DELETE FROM `positions` WHERE `project_id` = old.project_id AND `investor_id` = old.investor_id AND `investments` <= 0;
  UPDATE `projects` SET `investment_count` = `investment_count` - 1 WHERE `id` = old.project_id;
  UPDATE `project_days` SET `investments` = `investments` - 1, `amount_cents` = `amount_cents` - old.amount_cents
    WHERE `project_id` = old.project_id AND `day` = cast(old.created_at / 86400000 as integer);
  DELETE FROM `project_days` WHERE `project_id` = old.project_id AND `day` = cast(old.created_at / 86400000 as integer) AND `investments` <= 0;
  UPDATE `investor_days` SET `investments` = `investments` - 1,
      `limit_cents` = `limit_cents` - (SELECT CASE WHEN p.regulation_type IN ('RegCF', 'SAFE') THEN old.amount_cents ELSE 0 END
        FROM `projects` p WHERE p.id = old.project_id)
    WHERE `investor_id` = old.investor_id AND `day` = cast(old.created_at / 86400000 as integer);
  DELETE FROM `investor_days` WHERE `investor_id` = old.investor_id AND `day` = cast(old.created_at / 86400000 as integer) AND `investments` <= 0;
END;
--> statement-breakpoint
DROP TRIGGER `investments_kept_leave`;
--> statement-breakpoint
CREATE TRIGGER `investments_kept_leave` AFTER UPDATE OF `status`, `shares`, `amount_cents`, `project_id`, `investor_id`, `created_at` ON `investments` WHEN old.held = 1
  AND NOT (new.held = 1 AND new.shares = old.shares AND new.amount_cents = old.amount_cents AND new.project_id = old.project_id AND new.investor_id = old.investor_id AND new.created_at = old.created_at) BEGIN
  UPDATE `positions` SET `shares` = `shares` - old.shares, `amount_cents` = `amount_cents` - old.amount_cents,
      `investments` = `investments` - 1,
      `last_at` = CASE WHEN old.created_at < `last_at` THEN `last_at` ELSE coalesce(
        (SELECT max(i.created_at) FROM `investments` i
         WHERE i.project_id = old.project_id AND i.held = 1 AND i.investor_id = old.investor_id), 0) END
    WHERE `project_id` = old.project_id AND `investor_id` = old.investor_id;
  DELETE FROM `positions` WHERE `project_id` = old.project_id AND `investor_id` = old.investor_id AND `investments` <= 0;
  UPDATE `projects` SET `investment_count` = `investment_count` - 1 WHERE `id` = old.project_id;
  UPDATE `project_days` SET `investments` = `investments` - 1, `amount_cents` = `amount_cents` - old.amount_cents
    WHERE `project_id` = old.project_id AND `day` = cast(old.created_at / 86400000 as integer);
  DELETE FROM `project_days` WHERE `project_id` = old.project_id AND `day` = cast(old.created_at / 86400000 as integer) AND `investments` <= 0;
  UPDATE `investor_days` SET `investments` = `investments` - 1,
      `limit_cents` = `limit_cents` - (SELECT CASE WHEN p.regulation_type IN ('RegCF', 'SAFE') THEN old.amount_cents ELSE 0 END
        FROM `projects` p WHERE p.id = old.project_id)
    WHERE `investor_id` = old.investor_id AND `day` = cast(old.created_at / 86400000 as integer);
  DELETE FROM `investor_days` WHERE `investor_id` = old.investor_id AND `day` = cast(old.created_at / 86400000 as integer) AND `investments` <= 0;
END;
--> statement-breakpoint
DROP TRIGGER `investments_kept_join`;
--> statement-breakpoint
CREATE TRIGGER `investments_kept_join` AFTER UPDATE OF `status`, `shares`, `amount_cents`, `project_id`, `investor_id`, `created_at` ON `investments` WHEN new.held = 1
  AND NOT (old.held = 1 AND new.shares = old.shares AND new.amount_cents = old.amount_cents AND new.project_id = old.project_id AND new.investor_id = old.investor_id AND new.created_at = old.created_at) BEGIN
  INSERT INTO `positions` (`project_id`, `investor_id`, `category`, `risk_level`, `shares`, `amount_cents`, `investments`, `last_at`)
    SELECT new.project_id, new.investor_id, p.category, p.risk_level, new.shares, new.amount_cents, 1, new.created_at
    FROM `projects` p WHERE p.id = new.project_id
    ON CONFLICT (`project_id`, `investor_id`) DO UPDATE SET `shares` = `shares` + excluded.`shares`,
      `amount_cents` = `amount_cents` + excluded.`amount_cents`, `investments` = `investments` + 1,
      `last_at` = max(`last_at`, excluded.`last_at`);
  UPDATE `projects` SET `investment_count` = `investment_count` + 1 WHERE `id` = new.project_id;
  INSERT INTO `project_days` (`project_id`, `day`, `investments`, `amount_cents`)
    VALUES (new.project_id, cast(new.created_at / 86400000 as integer), 1, new.amount_cents)
    ON CONFLICT (`project_id`, `day`) DO UPDATE SET `investments` = `investments` + 1,
      `amount_cents` = `amount_cents` + excluded.`amount_cents`;
  INSERT INTO `investor_days` (`investor_id`, `day`, `investments`, `limit_cents`)
    SELECT new.investor_id, cast(new.created_at / 86400000 as integer), 1, CASE WHEN p.regulation_type IN ('RegCF', 'SAFE') THEN new.amount_cents ELSE 0 END
    FROM `projects` p WHERE p.id = new.project_id
    ON CONFLICT (`investor_id`, `day`) DO UPDATE SET `investments` = `investments` + 1,
      `limit_cents` = `limit_cents` + excluded.`limit_cents`;
END;
--> statement-breakpoint
DROP TRIGGER `projects_kept_regulation`;
--> statement-breakpoint
CREATE TRIGGER `projects_kept_regulation` AFTER UPDATE OF `regulation_type` ON `projects`
WHEN (old.regulation_type IN ('RegCF', 'SAFE')) IS NOT (new.regulation_type IN ('RegCF', 'SAFE')) BEGIN
  UPDATE `investor_days` SET `limit_cents` = `limit_cents`
    + (CASE WHEN new.regulation_type IN ('RegCF', 'SAFE') THEN 1 ELSE -1 END)
    * (SELECT coalesce(sum(i.amount_cents), 0) FROM `investments` i
       WHERE i.project_id = new.id AND i.held = 1 AND i.investor_id = `investor_days`.investor_id
         AND cast(i.created_at / 86400000 as integer) = `investor_days`.day)
  WHERE `investor_id` IN (SELECT i.investor_id FROM `investments` i WHERE i.project_id = new.id AND i.held = 1);
END;
