import { Module } from '@nestjs/common';
import { MonitorsModule } from '../monitors/monitors.module';
import { WorkspacesController } from './workspaces.controller';
import { WorkspacesRepository } from './workspaces.repository';
import { WorkspacesService } from './workspaces.service';

@Module({
  controllers: [WorkspacesController],
  exports: [WorkspacesRepository, WorkspacesService],
  imports: [MonitorsModule],
  providers: [WorkspacesRepository, WorkspacesService],
})
export class WorkspacesModule {}
