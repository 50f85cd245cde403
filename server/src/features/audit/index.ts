/** The audit log's public face: other features record their acts with recordAudit, in their own transaction. */
export { type AuditEntryInput, forgetAuditLabels, recordAudit } from './service';
