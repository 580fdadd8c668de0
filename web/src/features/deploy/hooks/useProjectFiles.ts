import { Code, projectFileRoutes, type RouteInput } from '@ferry/contract/client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, upload } from '../../../api/call';

const filesKey = (projectId: number) => ['deploy', 'projectFiles', projectId] as const;

/** A project's files, written over its working copy before every build (GET /project/getProjectFileList). */
export function useProjectFiles(projectId: number) {
  return useQuery({
    queryKey: filesKey(projectId),
    queryFn: ({ signal }) =>
      call(projectFileRoutes.getProjectFileList, { id: projectId }, { signal, silent: 'toast' }),
    select: (data) => data.list,
    enabled: projectId > 0,
  });
}

/** One text file's content, for its editor (a binary file has none); never cached, as it may hold secrets. */
export function useProjectFileContent(fileId: number) {
  return useQuery({
    queryKey: ['deploy', 'projectFileContent', fileId] as const,
    queryFn: ({ signal }) =>
      call(projectFileRoutes.getProjectFileContent, { id: fileId }, { signal, silent: 'toast' }),
    select: (data) => data.content,
    enabled: fileId > 0,
    gcTime: 0,
    staleTime: 0,
  });
}

/** Answers the form shows on its fields: a refused path and a path already taken. */
const silent = [Code.illegalParam, 'project_file_exists'];

/** Adds, edits, uploads and removes a project's files, then reloads its list. */
export function useProjectFileMutations(projectId: number) {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: filesKey(projectId) });
  const add = useMutation({
    mutationFn: (input: Omit<RouteInput<typeof projectFileRoutes.addFile>, 'projectId'>) =>
      call(projectFileRoutes.addFile, { ...input, projectId }, { silent }),
    onSuccess: reload,
  });
  const edit = useMutation({
    mutationFn: (input: RouteInput<typeof projectFileRoutes.editFile>) =>
      call(projectFileRoutes.editFile, input, { silent }),
    onSuccess: reload,
  });
  const send = useMutation({
    mutationFn: ({
      file,
      filename,
      projectFileId = 0,
    }: {
      file: File;
      filename: string;
      /** The stored file a new version replaces; 0 adds a file. */
      projectFileId?: number;
    }) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return upload(projectFileRoutes.uploadFile, form, {
        silent,
        query: { projectFileId, projectId, filename },
      });
    },
    onSuccess: reload,
  });
  const remove = useMutation({
    mutationFn: (id: number) => call(projectFileRoutes.removeFile, { projectFileId: id }),
    onSuccess: reload,
  });
  return { add, edit, upload: send, remove };
}
