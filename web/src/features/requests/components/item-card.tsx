import { Badge, Button, Card, Flex, Heading, Link, Text } from '@aws-amplify/ui-react';
import { formatDay } from '@shared/day';
import { es, messageForError } from '@shared/i18n/es';
import { type FormEvent, useId, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { FileInput } from '@/components/admin/file-input';
import { useAnswerNotApplicable } from '../api/answer-request-item-not-applicable';
import { useUploadItemFile } from '../api/confirm-request-item-upload';
import { downloadRequestDocument } from '../api/download-request-document';
import type { RequestItem } from '../api/get-request';
import { downloadItemTemplateFile } from '../api/request-item-template-file';
import { useReviewItem } from '../api/review-request-item';
import { itemBadge } from '../lib/states';
import { CommentForm } from './comment-form';

const t = es.requestScreens;
const who = (person: { first_name: string; last_name: string }) => `${person.first_name} ${person.last_name}`.trim();

/** The client uploads one file into the item: the presigned POST with its progress, then the confirmation. */
function UploadForm({ request, item }: { request: string; item: RequestItem }) {
  const upload = useUploadItemFile(request);
  const [file, setFile] = useState<File | undefined>();
  const [percent, setPercent] = useState(0);
  const [done, setDone] = useState('');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!file) return;
    setPercent(0);
    setDone('');
    upload.mutate(
      { item: item.uuid, file, onProgress: setPercent },
      {
        onSuccess: () => {
          setDone(t.upload.done(file.name));
          setFile(undefined);
        },
      },
    );
  };
  return (
    <form onSubmit={submit} aria-label={t.upload.formLabel(item.name)}>
      <Flex direction="column" gap="xs">
        <FileInput label={t.upload.label(item.name)} file={file ?? null} onChange={(f) => setFile(f ?? undefined)} />
        <Text fontSize="small" color="font.secondary">
          {t.upload.hint}
        </Text>
        {upload.isPending ? (
          <progress
            className="requests-progress"
            max={100}
            value={percent}
            aria-label={t.upload.progress(item.name)}
            data-testid="upload-progress"
          />
        ) : null}
        {done ? (
          <Text role="status" color="font.success" fontSize="small">
            {done}
          </Text>
        ) : null}
        {upload.isError ? (
          <Text role="alert" color="font.error" fontSize="small">
            {messageForError(upload.error)}
          </Text>
        ) : null}
        <div>
          <Button type="submit" size="small" variation="primary" isDisabled={!file} isLoading={upload.isPending}>
            {t.upload.send}
          </Button>
        </div>
      </Flex>
    </form>
  );
}

/**
 * The conversations ('Mensajes') about an item, as links to them, and a link that opens the new-thread form of the
 * society's conversation about it (the messages feature reads the link's query; features never import each other).
 */
function ItemThreads({ request, society, item }: { request: string; society: string; item: RequestItem }) {
  const ask = new URLSearchParams({ society, request, item: item.uuid, subject: item.name });
  return (
    <div>
      {item.threads.length > 0 ? (
        <>
          <Text fontWeight="bold" fontSize="small">
            {t.detail.threads}
          </Text>
          <ul className="requests-history" aria-label={t.detail.threadsOf(item.name)} data-testid="item-threads">
            {item.threads.map((thread) => (
              <li key={thread.uuid}>
                <Link as={RouterLink} to={`/messages/thread/${thread.uuid}`} fontSize="small">
                  {thread.subject}
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <Link
        as={RouterLink}
        to={`/messages?${ask.toString()}`}
        fontSize="small"
        aria-label={t.detail.askAboutOf(item.name)}
        data-testid="item-ask"
      >
        {t.detail.askAbout}
      </Link>
    </div>
  );
}

/**
 * One item of a request: its note, state, delivered files and history (the firm's comments among them), and the
 * conversations about it. A client may upload into it or answer 'no aplica' while it waits for an answer; the firm
 * accepts or returns an answered one.
 */
export function ItemCard({
  request,
  society,
  item,
  open,
  admin,
}: {
  request: string;
  society: string;
  item: RequestItem;
  open: boolean;
  admin: boolean;
}) {
  const [form, setForm] = useState<'not-applicable' | 'return' | null>(null);
  const [notice, setNotice] = useState('');
  const answer = useAnswerNotApplicable(request);
  const review = useReviewItem(request);
  const headingId = useId();
  const lastReturn =
    item.state === 'RETURNED' ? item.history.findLast((event) => event.kind === 'RETURNED') : undefined;
  const canAnswer = open && !admin && (item.state === 'PENDING' || item.state === 'RETURNED');
  const canUpload = open && !admin && item.state !== 'ACCEPTED';
  const canReview = open && admin && (item.state === 'DELIVERED' || item.state === 'NOT_APPLICABLE');

  return (
    <Card
      as="li"
      variation="outlined"
      className="requests-item"
      data-testid="request-item"
      data-item={item.name}
      aria-labelledby={headingId}
    >
      <Flex direction="column" gap="small">
        <Flex justifyContent="space-between" alignItems="baseline" wrap="wrap" gap="xs">
          <Heading level={3} fontSize="medium" id={headingId}>
            {item.name}
          </Heading>
          <Badge variation={itemBadge(item.state)} data-testid="item-state">
            {t.itemStates[item.state]}
          </Badge>
        </Flex>
        {item.note ? <Text fontSize="small">{`${t.detail.note}: ${item.note}`}</Text> : null}
        {item.template_file ? (
          <Flex alignItems="center" gap="small" wrap="wrap">
            <Button
              size="small"
              aria-label={t.detail.templateFileOf(item.name)}
              onClick={() => void downloadItemTemplateFile(request, item.uuid)}
            >
              {t.detail.templateFile}
            </Button>
            <Text as="span" fontSize="small" color="font.secondary">
              {t.detail.templateFileHint(item.template_file.file_name)}
            </Text>
          </Flex>
        ) : null}
        {lastReturn?.comment ? (
          <Text className="requests-returned" data-testid="item-returned-why">
            {`${t.detail.returnedWhy}: ${lastReturn.comment}`}
          </Text>
        ) : null}
        <div>
          <Text fontWeight="bold" fontSize="small">
            {t.detail.files}
          </Text>
          {item.documents.length === 0 ? (
            <Text fontSize="small">{t.detail.noFiles}</Text>
          ) : (
            <ul className="requests-history">
              {item.documents.map((document) => (
                <li key={document.uuid}>
                  <Button
                    size="small"
                    variation="link"
                    aria-label={t.detail.download(document.file_name)}
                    onClick={() => void downloadRequestDocument(document.uuid)}
                  >
                    {document.file_name}
                  </Button>{' '}
                  <Text as="span" fontSize="small" color="font.secondary">
                    {t.detail.uploadedBy(who(document.uploaded_by), formatDay(document.uploaded))}
                  </Text>
                </li>
              ))}
            </ul>
          )}
        </div>
        {item.history.length > 0 ? (
          <div>
            <Text fontWeight="bold" fontSize="small">
              {t.detail.history}
            </Text>
            <ol className="requests-history" data-testid="item-history">
              {item.history.map((event) => (
                <li key={`${event.at}-${event.kind}`}>
                  <Text as="span" fontSize="small">
                    {t.detail.eventBy(t.detail.events[event.kind] ?? event.kind, who(event.by), formatDay(event.at))}
                    {event.comment ? ` — «${event.comment}»` : ''}
                  </Text>
                </li>
              ))}
            </ol>
          </div>
        ) : null}
        <ItemThreads request={request} society={society} item={item} />
        {notice ? (
          <Text role="status" color="font.success" fontSize="small">
            {notice}
          </Text>
        ) : null}
        {/* One answer at a time: the file, or the 'no aplica' comment. */}
        {canUpload && form !== 'not-applicable' ? <UploadForm request={request} item={item} /> : null}
        {canAnswer && form !== 'not-applicable' ? (
          <div>
            <Button
              size="small"
              aria-label={t.upload.notApplicableOf(item.name)}
              onClick={() => setForm('not-applicable')}
            >
              {t.upload.notApplicable}
            </Button>
          </div>
        ) : null}
        {canAnswer && form === 'not-applicable' ? (
          <CommentForm
            formLabel={t.upload.notApplicableOf(item.name)}
            label={t.upload.comment}
            hint={t.upload.commentHint}
            submitLabel={t.upload.sendNotApplicable}
            pending={answer.isPending}
            error={answer.error}
            onClose={() => setForm(null)}
            onSend={(comment) =>
              answer.mutate(
                { item: item.uuid, comment },
                {
                  onSuccess: () => {
                    setForm(null);
                    setNotice(t.upload.answered);
                  },
                },
              )
            }
          />
        ) : null}
        {canReview ? (
          <Flex gap="small" wrap="wrap">
            <Button
              size="small"
              variation="primary"
              aria-label={t.review.acceptOf(item.name)}
              isLoading={review.isPending && review.variables?.decision === 'ACCEPT'}
              onClick={() =>
                review.mutate(
                  { item: item.uuid, decision: 'ACCEPT' },
                  { onSuccess: () => setNotice(t.review.accepted(item.name)) },
                )
              }
            >
              {t.review.accept}
            </Button>
            {form !== 'return' ? (
              <Button size="small" aria-label={t.review.returnOf(item.name)} onClick={() => setForm('return')}>
                {t.review.return}
              </Button>
            ) : null}
          </Flex>
        ) : null}
        {canReview && form === 'return' ? (
          <CommentForm
            formLabel={t.review.returnOf(item.name)}
            label={t.review.comment}
            hint={t.review.commentHint}
            submitLabel={t.review.sendReturn}
            pending={review.isPending}
            error={review.error}
            onClose={() => setForm(null)}
            onSend={(comment) =>
              review.mutate(
                { item: item.uuid, decision: 'RETURN', comment },
                {
                  onSuccess: () => {
                    setForm(null);
                    setNotice(t.review.returned(item.name));
                  },
                },
              )
            }
          />
        ) : null}
        {review.isError && form !== 'return' ? (
          <Text role="alert" color="font.error" fontSize="small">
            {messageForError(review.error)}
          </Text>
        ) : null}
      </Flex>
    </Card>
  );
}
