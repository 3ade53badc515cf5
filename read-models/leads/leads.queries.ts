export { LEADS, scrubErasedLead, type LeadDoc } from './leads.projection';
