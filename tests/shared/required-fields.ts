/**
 * The project form's ten required fields (spec section 5) by form name, each with the message its
 * absence gets: one table for the schema's, the API's and the browser's tests, worded by the
 * domain's own constants.
 */
import { PROJECT_MESSAGES as M } from "../../domain/projects/project-form-messages";

export const PROJECT_REQUIRED_FIELDS: readonly (readonly [name: string, message: string])[] = [
  ["title", M.titleRequired],
  ["description", M.descriptionRequired],
  ["shortDescription", M.shortDescriptionRequired],
  ["category", M.categoryRequired],
  ["fundingGoal", M.fundingGoalRequired],
  ["fundingDeadline", M.fundingDeadlineRequired],
  ["projectDuration", M.projectDurationRequired],
  ["image", M.imageRequired],
  ["creatorInfo.name", M.creatorNameRequired],
  ["creatorInfo.bio", M.creatorBioRequired],
];
