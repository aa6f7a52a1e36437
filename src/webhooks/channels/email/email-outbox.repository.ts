import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { EmailOutboxEntity } from './email-outbox.entity';

export type NewOutboxMessage = Pick<EmailOutboxEntity, 'workspace_id' | 'delivery_id' | 'recipient' | 'subject' | 'html' | 'text' | 'headers'>;

/** Mail kept instead of sent when no SMTP server is configured (the embedded mode shows it in the application). */
@Injectable()
export class EmailOutboxRepository {
  constructor(@InjectRepository(EmailOutboxEntity) private readonly outbox: Repository<EmailOutboxEntity>) {}

  async add(message: NewOutboxMessage): Promise<number> {
    const { identifiers } = await this.outbox.insert(message);
    return identifiers[0].id;
  }

  listForWorkspace(workspaceId: number, limit: number): Promise<EmailOutboxEntity[]> {
    return this.outbox.find({ where: { workspace_id: workspaceId }, order: { id: 'DESC' }, take: limit });
  }
}
