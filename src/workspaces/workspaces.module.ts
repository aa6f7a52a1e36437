import { TypeOrmModule } from '@nestjs/typeorm';
import { CompetitorEntity } from '../competitors/competitor.entity';
import { WorkspaceEntity } from './workspace.entity';
import { Module } from '@nestjs/common';
import { MonitorsModule } from '../monitors/monitors.module';
import { WorkspacesController } from './workspaces.controller';
import { WorkspacesRepository } from './workspaces.repository';
import { WorkspacesService } from './workspaces.service';

@Module({
  controllers: [WorkspacesController],
  exports: [WorkspacesRepository, WorkspacesService],
  imports: [MonitorsModule, TypeOrmModule.forFeature([CompetitorEntity, WorkspaceEntity])],
  providers: [WorkspacesRepository, WorkspacesService],
})
export class WorkspacesModule {}
