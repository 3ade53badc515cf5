import type { EmailSettings } from '../../../../../contract/email';

/** What the SMTP and delivery forms get from the settings tab: the settings as read, their ETag, and where to report. */
export interface SettingsFormProps {
  readonly settings: EmailSettings;
  readonly etag: string;
  readonly onSaved: (settings: EmailSettings, etag: string, message: string) => void;
  /** 412: someone else saved the settings since they were read. */
  readonly onConflict: () => void;
}
