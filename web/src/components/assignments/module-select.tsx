import { SelectField, Text } from '@aws-amplify/ui-react';
import { listModules } from '@shared/contracts/modules';
import { es } from '@shared/i18n/es';
import { useQuery } from '@tanstack/react-query';
import { requiredLabel } from '@/components/admin/form';
import { api } from '@/lib/api-client';

const t = es.assignmentsAdmin;

/** GET api/v1/modules/module/administration/?module_type=…: the modules of one kind. */
export const useModules = (moduleType: 'REPORT' | 'ACCOUNTING') =>
  useQuery({
    queryKey: [listModules.id, moduleType],
    queryFn: ({ signal }) => api(listModules, { query: { module_type: moduleType }, signal }),
  });

/** The 'Ubicación' step (portal §2, §4): the module the item is placed in; the step needs one. */
export function ModuleSelect({
  moduleType,
  value,
  onChange,
}: {
  moduleType: 'REPORT' | 'ACCOUNTING';
  value: string;
  onChange: (module: string) => void;
}) {
  const { data, isPending } = useModules(moduleType);
  if (data && data.length === 0) return <Text>{t.noModules}</Text>;
  return (
    <SelectField
      name="module"
      label={requiredLabel(t.module)}
      value={value}
      isDisabled={isPending}
      onChange={(event) => onChange(event.target.value)}
    >
      <option value="">{t.chooseModule}</option>
      {(data ?? []).map((module) => (
        <option key={module.uuid} value={module.uuid}>
          {module.module_name}
        </option>
      ))}
    </SelectField>
  );
}
