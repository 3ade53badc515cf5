export { LEADS, LEAD_DAYS, leadDayOf, scrubErasedLead, listLeads, getLeadDoc, leadsFilter, type LeadDoc, type LeadsQuery } from './leads.projection';
