import { Button, Flex, Link, Loader, Text } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { canOpenAdminPath } from '@shared/roles';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { FileInput } from '@/components/admin/file-input';
import { FormPage, requiredLabel, SuccessPanel } from '@/components/admin/form';
import { ServerErrors } from '@/components/admin/server-errors';
import { useImportUsersCsv } from '@/features/users/api/import-users-csv';
import { CsvHelp } from '@/features/users/components/csv-help';
import { ImportResults } from '@/features/users/components/import-results';
import { useSession } from '@/lib/session';

const t = es.usersAdmin.import;
const GROUPS_PATH = '/admin/group';

/**
 * /admin/users/import (admin-area §2): the format help and an example, 'Subir archivo' (then 'Archivo adjunto' with a
 * delete button), a progress indicator while the file is read, and the per-row result. When every row passed:
 * 'Usuarios creados con éxito' with a link to /admin/users. Its breadcrumb leads to /admin/group, as the spec says,
 * for the roles that may open it.
 */
export function UserImportRoute() {
  const { profile } = useSession();
  const role = profile?.profile.user_role;
  const [file, setFile] = useState<File | null>(null);
  const upload = useImportUsersCsv();
  // The run's state is the mutation's: pending, its error, and the per-row result.
  const running = upload.isPending;
  const error = upload.error;
  const result = upload.data ?? null;

  function run() {
    if (!file || running) return;
    const body = new FormData();
    body.append('file_csv', file);
    upload.mutate(body);
  }

  const groupsCrumb = canOpenAdminPath(role, GROUPS_PATH)
    ? { label: es.adminMenu.find((item) => item.to === GROUPS_PATH)?.label ?? es.usersAdmin.title, to: GROUPS_PATH }
    : { label: es.usersAdmin.title, to: '/admin/users' };
  const allPassed = result !== null && result.failed === 0 && result.created > 0;

  return (
    <FormPage title={t.title} crumbs={[groupsCrumb, { label: t.title }]}>
      <Text color="font.secondary">{t.intro}</Text>
      <CsvHelp />
      <FileInput
        label={requiredLabel(es.usersAdmin.fields.file)}
        file={file}
        accept=".csv,text/csv"
        onChange={(chosen) => {
          setFile(chosen);
          upload.reset();
        }}
      />
      {running ? (
        <Flex direction="column" gap="xs" role="status" data-testid="import-progress">
          <Loader variation="linear" />
          <Text fontSize="small">{t.running}</Text>
        </Flex>
      ) : null}
      <ServerErrors error={error} />
      {allPassed ? <SuccessPanel message={t.done} linkLabel={t.goToList} to="/admin/users" /> : null}
      {result ? <ImportResults result={result} /> : null}
      {result && !allPassed ? (
        <Flex gap="medium" wrap="wrap">
          <Link as={RouterLink} to="/admin/users">
            {t.goToList}
          </Link>
          <Link as={RouterLink} to="/admin/users#1%1?search=&project=&group=&society=&ordering=&user_role=">
            {t.toPending}
          </Link>
        </Flex>
      ) : null}
      <Flex justifyContent="flex-end">
        <Button
          variation="primary"
          isDisabled={!file}
          isLoading={running}
          loadingText={t.submit}
          onClick={() => void run()}
        >
          {t.submit}
        </Button>
      </Flex>
    </FormPage>
  );
}
