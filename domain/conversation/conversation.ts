/** What the conversation's services answer: shared by the API, the loaders and the components. */
export interface UpdateDTO {
  id: string;
  projectId: string;
  investorsOnly: boolean;
  /** Hidden by an admin: shown only to the project's founder and admins. */
  hidden: boolean;
  /** False when the viewer may not read it: title and body are then null. */
  readable: boolean;
  title: string | null;
  body: string | null;
  createdAt: string;
  updatedAt: string;
  edited: boolean;
}
