/** The project whose working copy a drawer shows. */
export interface RepositoryProject {
  id: number;
  name: string;
}
