-- Perks (ADR 055): an investment holds its bought shares plus the bonus shares its perks added.
-- The kept sums of held investments (migrations/0015, 0019, 0029) count shares as
-- shares + bonus_shares; the cost (amount_cents) stays what was paid. A purchase writes its bonus
-- in its batch after the INSERT (investments_kept_bonus moves only the position's shares and marked
-- value); a held investment that leaves (canceled, returned) takes its bonus shares with it, and its
-- awards are revoked and their slots freed (investments_perks_revoke).
DROP TRIGGER `investments_kept_insert_active`;
--> statement-breakpoint
CREATE TRIGGER `investments_kept_insert_active` AFTER INSERT ON `investments` WHEN new.held = 1 BEGIN
  INSERT INTO `positions` (`project_id`, `investor_id`, `category`, `risk_level`, `shares`, `amount_cents`, `investments`, `last_at`,
      `first_at`, `mark_cents`, `mark_event_id`, `marked_day`, `value_cents`)
    SELECT new.project_id, new.investor_id, p.category, p.risk_level, (new.shares + new.bonus_shares), new.amount_cents, 1, new.created_at,
      new.created_at, p.mark_cents, p.mark_event_id, NULL, coalesce((new.shares + new.bonus_shares) * p.mark_cents, new.amount_cents)
    FROM `projects` p WHERE p.id = new.project_id
    ON CONFLICT (`project_id`, `investor_id`) DO UPDATE SET `shares` = `shares` + excluded.`shares`,
      `amount_cents` = `amount_cents` + excluded.`amount_cents`, `investments` = `investments` + 1,
      `last_at` = max(`last_at`, excluded.`last_at`), `first_at` = min(`first_at`, excluded.`first_at`),
      `value_cents` = `value_cents` + CASE WHEN `mark_cents` IS NULL THEN excluded.`amount_cents` ELSE excluded.`shares` * `mark_cents` END;
  INSERT INTO `investor_flows` (`investor_id`, `day`, `invested_cents`)
    VALUES (new.investor_id, cast(new.created_at / 86400000 as integer), new.amount_cents)
    ON CONFLICT (`investor_id`, `day`) DO UPDATE SET `invested_cents` = `invested_cents` + excluded.`invested_cents`;
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
  UPDATE `positions` SET `shares` = `shares` - (old.shares + old.bonus_shares), `amount_cents` = `amount_cents` - old.amount_cents,
      `investments` = `investments` - 1,
      `last_at` = CASE WHEN old.created_at < `last_at` THEN `last_at` ELSE coalesce(
        (SELECT max(i.created_at) FROM `investments` i
         WHERE i.project_id = old.project_id AND i.held = 1 AND i.investor_id = old.investor_id), 0) END,
      `first_at` = CASE WHEN old.created_at > `first_at` THEN `first_at` ELSE coalesce(
        (SELECT min(i.created_at) FROM `investments` i
         WHERE i.project_id = old.project_id AND i.held = 1 AND i.investor_id = old.investor_id), 0) END,
      `value_cents` = `value_cents` - CASE WHEN `mark_cents` IS NULL THEN old.amount_cents ELSE (old.shares + old.bonus_shares) * `mark_cents` END
    WHERE `project_id` = old.project_id AND `investor_id` = old.investor_id;
  UPDATE `investor_flows` SET `invested_cents` = `invested_cents` - old.amount_cents
    WHERE `investor_id` = old.investor_id AND `day` = cast(old.created_at / 86400000 as integer);
  DELETE FROM `investor_flows` WHERE `investor_id` = old.investor_id AND `day` = cast(old.created_at / 86400000 as integer)
    AND `invested_cents` = 0 AND `distributed_cents` = 0 AND `marked_cents` = 0;
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
  AND NOT (new.held = 1 AND new.shares = old.shares AND new.bonus_shares = old.bonus_shares AND new.amount_cents = old.amount_cents AND new.project_id = old.project_id AND new.investor_id = old.investor_id AND new.created_at = old.created_at) BEGIN
  UPDATE `positions` SET `shares` = `shares` - (old.shares + old.bonus_shares), `amount_cents` = `amount_cents` - old.amount_cents,
      `investments` = `investments` - 1,
      `last_at` = CASE WHEN old.created_at < `last_at` THEN `last_at` ELSE coalesce(
        (SELECT max(i.created_at) FROM `investments` i
         WHERE i.project_id = old.project_id AND i.held = 1 AND i.investor_id = old.investor_id), 0) END,
      `first_at` = CASE WHEN old.created_at > `first_at` THEN `first_at` ELSE coalesce(
        (SELECT min(i.created_at) FROM `investments` i
         WHERE i.project_id = old.project_id AND i.held = 1 AND i.investor_id = old.investor_id), 0) END,
      `value_cents` = `value_cents` - CASE WHEN `mark_cents` IS NULL THEN old.amount_cents ELSE (old.shares + old.bonus_shares) * `mark_cents` END
    WHERE `project_id` = old.project_id AND `investor_id` = old.investor_id;
  UPDATE `investor_flows` SET `invested_cents` = `invested_cents` - old.amount_cents
    WHERE `investor_id` = old.investor_id AND `day` = cast(old.created_at / 86400000 as integer);
  DELETE FROM `investor_flows` WHERE `investor_id` = old.investor_id AND `day` = cast(old.created_at / 86400000 as integer)
    AND `invested_cents` = 0 AND `distributed_cents` = 0 AND `marked_cents` = 0;
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
  AND NOT (old.held = 1 AND new.shares = old.shares AND new.bonus_shares = old.bonus_shares AND new.amount_cents = old.amount_cents AND new.project_id = old.project_id AND new.investor_id = old.investor_id AND new.created_at = old.created_at) BEGIN
  INSERT INTO `positions` (`project_id`, `investor_id`, `category`, `risk_level`, `shares`, `amount_cents`, `investments`, `last_at`,
      `first_at`, `mark_cents`, `mark_event_id`, `marked_day`, `value_cents`)
    SELECT new.project_id, new.investor_id, p.category, p.risk_level, (new.shares + new.bonus_shares), new.amount_cents, 1, new.created_at,
      new.created_at, p.mark_cents, p.mark_event_id, NULL, coalesce((new.shares + new.bonus_shares) * p.mark_cents, new.amount_cents)
    FROM `projects` p WHERE p.id = new.project_id
    ON CONFLICT (`project_id`, `investor_id`) DO UPDATE SET `shares` = `shares` + excluded.`shares`,
      `amount_cents` = `amount_cents` + excluded.`amount_cents`, `investments` = `investments` + 1,
      `last_at` = max(`last_at`, excluded.`last_at`), `first_at` = min(`first_at`, excluded.`first_at`),
      `value_cents` = `value_cents` + CASE WHEN `mark_cents` IS NULL THEN excluded.`amount_cents` ELSE excluded.`shares` * `mark_cents` END;
  INSERT INTO `investor_flows` (`investor_id`, `day`, `invested_cents`)
    VALUES (new.investor_id, cast(new.created_at / 86400000 as integer), new.amount_cents)
    ON CONFLICT (`investor_id`, `day`) DO UPDATE SET `invested_cents` = `invested_cents` + excluded.`invested_cents`;
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
-- Only the bonus changed on a held investment (the purchase's batch): its position gains the
-- shares, and their marked value when the company has a mark (at cost the value is what was paid).
CREATE TRIGGER `investments_kept_bonus` AFTER UPDATE OF `bonus_shares` ON `investments`
  WHEN old.held = 1 AND new.held = 1 AND new.bonus_shares <> old.bonus_shares AND new.status = old.status
  AND new.shares = old.shares AND new.amount_cents = old.amount_cents AND new.project_id = old.project_id
  AND new.investor_id = old.investor_id AND new.created_at = old.created_at BEGIN
  UPDATE `positions` SET `shares` = `shares` + (new.bonus_shares - old.bonus_shares),
      `value_cents` = `value_cents` + CASE WHEN `mark_cents` IS NULL THEN 0 ELSE (new.bonus_shares - old.bonus_shares) * `mark_cents` END
    WHERE `project_id` = new.project_id AND `investor_id` = new.investor_id;
END;
--> statement-breakpoint
-- A held investment that stops being held (canceled, lapsed, returned): its perk awards are revoked
-- and each perk's awarded_count (a first-N perk's taken slots) goes down, whichever path changed it.
CREATE TRIGGER `investments_perks_revoke` AFTER UPDATE OF `status` ON `investments`
  WHEN old.held = 1 AND new.held = 0 BEGIN
  UPDATE `project_perks` SET `awarded_count` = `awarded_count` - 1
    WHERE `id` IN (SELECT a.perk_id FROM `perk_awards` a WHERE a.investment_id = new.id AND a.revoked_at IS NULL);
  UPDATE `perk_awards` SET `revoked_at` = coalesce(new.cancelled_at, new.settled_at, cast(unixepoch('subsec') * 1000 as integer))
    WHERE `investment_id` = new.id AND `revoked_at` IS NULL;
END;
