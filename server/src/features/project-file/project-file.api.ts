export { projectFileBody, projectFileColumns } from './project-file-columns.js';

/** What the deploy feature takes from project files. */
export interface ProjectFileApi {
  /**
   * Every file of the project in clear, to write over its working copy before the build.
   * SECURITY: the content is a secret; it goes to the working copy alone, never to a log.
   */
  forDeploy(projectId: number): Promise<{ filename: string; content: string | Buffer }[]>;
}
