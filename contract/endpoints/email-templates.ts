import { endpoint } from '../endpoint';
import { mailTemplateBody, mailTemplateView, mailTemplatesResponse, templatePreviewBody, templatePreviewResponse } from '../email';
import { createdResponse } from '../common';

/** The endpoints served by adapters/http/routes/email-templates.routes.ts. */
export const emailTemplatesEndpoints = {
  getEmailTemplates: endpoint({ method: 'get', path: '/email/templates', response: mailTemplatesResponse }),
  postEmailTemplatesPreview: endpoint({ method: 'post', path: '/email/templates/preview', body: templatePreviewBody, response: templatePreviewResponse }),
  getEmailTemplatesById: endpoint({ method: 'get', path: '/email/templates/:id', response: mailTemplateView }),
  postEmailTemplates: endpoint({ method: 'post', path: '/email/templates', body: mailTemplateBody, response: createdResponse }),
  putEmailTemplatesById: endpoint({ method: 'put', path: '/email/templates/:id', body: mailTemplateBody, response: mailTemplateView }),
};
