export { LEADS, scrubErasedLead, listLeads, getLeadDoc, leadsFilter, type LeadDoc, type LeadsQuery } from './leads.projection';
