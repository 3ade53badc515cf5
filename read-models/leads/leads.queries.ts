export {
  LEADS,
  LEAD_DAYS,
  leadDayOf,
  type LeadDay,
  type LeadRow,
  scrubErasedLead,
  listLeads,
  getLeadDoc,
  leadsFilter,
  type LeadDoc,
  type LeadsQuery,
} from './leads.projection';
