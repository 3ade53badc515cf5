import { useState } from 'react';
import styled from 'styled-components';
import { formatDateTime } from '../../../shared/format/format';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { Button } from '../../../shared/ui/Button';
import { Card, Muted, Row } from '../../../shared/ui/layout';
import { ResourceTable, type ResourceColumn } from '../../../shared/kit/ResourceTable';
import { ResourceError, tableState, useResource } from '../../../shared/kit/useResource';
import { VisuallyHidden } from '../../../shared/ui/VisuallyHidden';
import { fetchMailbox, linksIn, recipients, type CapturedMail } from '../api/mailbox-api';

const Preview = styled.iframe`
  width: 100%;
  min-height: 360px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: #fff;
`;

const Pre = styled.pre`
  white-space: pre-wrap;
  word-break: break-word;
  font-family: ${({ theme }) => theme.font.mono};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.md};
`;

function MailView({ mail }: { mail: CapturedMail }) {
  const links = linksIn(mail);
  return (
    <Card aria-labelledby="correo-seleccionado">
      <h2 id="correo-seleccionado">{mail.subject}</h2>
      <Muted>
        Para: {recipients(mail.to)} · Recibido: {formatDateTime(mail.receivedAt)}
      </Muted>
      {links.length > 0 && (
        <>
          <h3>Enlaces del correo</h3>
          <ul>
            {links.map((href) => (
              <li key={href}>
                <a href={href}>{href}</a>
              </li>
            ))}
          </ul>
        </>
      )}
      {mail.html && (
        <>
          <h3>Vista HTML</h3>
          {/* Sandboxed: captured mail is untrusted content. */}
          <Preview title={`Vista previa: ${mail.subject}`} sandbox="" srcDoc={mail.html} />
        </>
      )}
      {mail.text && (
        <>
          <h3>Texto</h3>
          <Pre>{mail.text}</Pre>
        </>
      )}
    </Card>
  );
}

/** Development page: mails caught by the local SMTP sink (verification, password reset...). */
export default function MailboxPage() {
  useDocumentTitle('Correos');
  const mailbox = useResource('mailbox', fetchMailbox);
  const [selectedId, setSelectedId] = useState<string | null>(null);

  const selected = (mailbox.data ?? []).find((m) => m.id === selectedId) ?? null;
  const columns: readonly ResourceColumn<CapturedMail>[] = [
    { header: 'Recibido', cell: (mail) => formatDateTime(mail.receivedAt) },
    { header: 'Para', cell: (mail) => recipients(mail.to) },
    { header: 'Asunto', cell: (mail) => mail.subject },
    {
      header: <VisuallyHidden>Acciones</VisuallyHidden>,
      cell: (mail) => (
        <Button variant="ghost" onClick={() => setSelectedId(mail.id)} aria-label={`Ver correo: ${mail.subject}`}>
          Ver
        </Button>
      ),
    },
  ];

  return (
    <>
      <Row $justify="space-between">
        <h1>Correos</h1>
        <Button onClick={mailbox.reload} busy={mailbox.status === 'loading'} busyLabel="Actualizando...">
          Actualizar
        </Button>
      </Row>
      <Muted>Correos capturados por el servidor SMTP de desarrollo. No se envían a destinatarios reales.</Muted>
      <ResourceError resource={mailbox} />
      <ResourceTable
        caption="Correos capturados"
        columns={columns}
        {...tableState(mailbox)}
        rowKey={(mail) => mail.id}
        emptyMessage="No hay correos capturados."
      />
      {selected && <MailView mail={selected} />}
    </>
  );
}
