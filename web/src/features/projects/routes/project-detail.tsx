import { Button, Flex, Image, Link, Text, View } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { formatPhone } from '@shared/phone';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { DetailField, DetailList, DetailPage } from '@/components/admin/detail';
import { formatDate, personLabel } from '@/components/admin/format';
import { PrintInfoButton } from '@/components/admin/print-info-button';
import { ShortId } from '@/components/admin/short-id';
import { StatusBadge } from '@/components/admin/status-badge';
import { useProject } from '@/features/projects/api/get-project';
import { fetchProjectPdf } from '@/features/projects/api/get-project-pdf';
import { ProjectDomain } from '@/features/projects/components/project-domain';

const t = es.projectsAdmin;

/**
 * /admin/projects/detail/{uuid} (admin-area §2): name, ID (short, with copy), description, creation date, status,
 * groups, admins and 'Imprimir info'; it adds what the firm set up: site title and description, URLs, contact
 * details, colours and images.
 */
export function ProjectDetailRoute() {
  const { uuid = '' } = useParams();
  const { data, error, isPending: loading } = useProject(uuid);
  const title = data?.project_name ?? es.pages.adminProjectDetail;
  return (
    <DetailPage
      title={title}
      crumbs={[{ label: t.title, to: '/admin/projects' }, { label: title }]}
      loading={loading}
      error={error}
      actions={
        data ? (
          <Flex gap="small" wrap="wrap">
            <Button as={RouterLink} size="small" to={`/admin/documents/root/${data.uuid}`}>
              {es.documents.templatesLink}
            </Button>
            <PrintInfoButton fetchPdf={() => fetchProjectPdf(data.uuid)} fileName={`proyecto-${data.project_name}`} />
          </Flex>
        ) : null
      }
    >
      {data ? (
        <>
          <DetailField label={t.detail.name}>{data.project_name}</DetailField>
          <DetailField label={es.adminUi.id}>
            <ShortId id={data.uuid} />
          </DetailField>
          <DetailField label={t.detail.client}>{data.client_name}</DetailField>
          <DetailField label={t.detail.description}>{data.service_description}</DetailField>
          <DetailField label={es.adminUi.createdAt}>{formatDate(data.created)}</DetailField>
          <DetailField label={es.adminUi.status}>
            <StatusBadge enabled={data.enable} />
          </DetailField>
          <DetailField label={t.fields.associated_service_description}>
            {data.associated_service_description}
          </DetailField>
          <DetailField label={t.fields.meta_title}>{data.meta_title}</DetailField>
          <DetailField label={t.fields.meta_content}>{data.meta_content}</DetailField>
          <DetailField label={t.fields.custom_portal_url}>
            {data.custom_portal_url ? (
              <Link href={data.custom_portal_url} isExternal>
                {data.custom_portal_url}
              </Link>
            ) : null}
          </DetailField>
          <DetailField label={t.domain.title}>
            <ProjectDomain uuid={data.uuid} />
          </DetailField>
          <DetailField label={t.fields.url_own_site}>
            {data.url_own_site ? (
              <Link href={data.url_own_site} isExternal>
                {data.url_own_site}
              </Link>
            ) : null}
          </DetailField>
          <DetailField label={t.fields.contact_email}>{data.contact_email}</DetailField>
          <DetailField label={t.fields.contact_phone}>{formatPhone(data.contact_phone, '')}</DetailField>
          <DetailField label={t.fields.header_title}>{data.header_title}</DetailField>
          <DetailField label={t.fields.subtitle}>{data.subtitle}</DetailField>
          <DetailField label={t.fields.footer_disclaimer}>{data.footer_disclaimer}</DetailField>
          <DetailField label={t.detail.colors}>
            <Flex gap="small" alignItems="center">
              {(
                [
                  ['primary', data.primary_color],
                  ['secondary', data.secondary_color],
                ] as const
              ).map(([which, color]) => (
                <Flex key={which} gap="xxs" alignItems="center">
                  <View
                    width="1.25rem"
                    height="1.25rem"
                    backgroundColor={color}
                    border="1px solid"
                    borderColor="border.primary"
                    borderRadius="small"
                    aria-hidden="true"
                  />
                  <Text as="span">{color}</Text>
                </Flex>
              ))}
            </Flex>
          </DetailField>
          <DetailField label={t.detail.images}>
            <Flex gap="medium" wrap="wrap" alignItems="flex-end">
              {(
                [
                  [t.fields.logo, data.logo],
                  [t.fields.icon, data.icon],
                  [t.fields.image, data.image],
                ] as const
              ).map(([label, url]) => (
                <Flex key={label} direction="column" gap="xxs" alignItems="center">
                  {url ? (
                    <Image src={url} alt={label} maxHeight="4rem" maxWidth="8rem" objectFit="contain" />
                  ) : (
                    <Text as="span" color="font.tertiary">
                      {es.adminUi.none}
                    </Text>
                  )}
                  <Text as="span" fontSize="small">
                    {label}
                  </Text>
                </Flex>
              ))}
            </Flex>
          </DetailField>
          <DetailField label={t.detail.groups}>
            <DetailList
              items={data.group_list.map((group) => ({ key: group.uuid, label: group.group_name }))}
              emptyText={t.detail.noGroups}
            />
          </DetailField>
          <DetailField label={t.detail.admins}>
            <DetailList
              items={data.admin_list.map((admin) => ({ key: admin.uuid, label: personLabel(admin) }))}
              emptyText={t.detail.noAdmins}
            />
          </DetailField>
        </>
      ) : null}
    </DetailPage>
  );
}
