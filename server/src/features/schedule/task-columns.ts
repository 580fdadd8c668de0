import type { RouteParsed, taskRoutes } from '@ferry/contract';

type AddInput = RouteParsed<typeof taskRoutes.addTask>;

/**
 * A new task's columns from the add form: a one-off at `date` (0 when it repeats on `cron`), due
 * at `nextRun`, not run yet, claimed by no console. The branch is kept as sent, as goploy keeps it
 * (`origin/main` lists back so); a run resolves it.
 */
export function newTaskColumns(
  input: Pick<AddInput, 'branch' | 'commit' | 'cron'>,
  project: { id: number; namespace_id: number },
  due: { date: number; nextRun: number },
) {
  return {
    namespace_id: project.namespace_id,
    project_id: project.id,
    branch: input.branch,
    commit_id: input.commit.toLowerCase(),
    date: due.date,
    cron: input.cron,
    state: 1,
    is_run: 0,
    next_run: due.nextRun,
    last_run: 0,
    late: 0,
    last_token: '',
    last_result: '',
    last_error: '',
    lease_owner: '',
    lease_until: 0,
  };
}
