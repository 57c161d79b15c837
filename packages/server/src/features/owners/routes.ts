import {
  catalogueRenameBody,
  certificateSubType,
  certificateSubTypeBody,
  certificateType,
  certificateTypeBody,
  dimension,
  dimensionBody,
  errorBody,
  idParam,
  owner,
  ownerBody,
  ownerParams,
  ownerRef,
  ownerSubTypeParams,
  ownerTypeParams,
  type RouteAccess,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../../http/access.ts';
import * as service from './service.ts';

/** External (Report) users read their own owners' catalogue too: their reports are filtered by it. */
const read: RouteAccess = { level: 'Read', ownerScoped: true };
/** Changing the catalogue is for internal staff at Admin level (section 6: "Owners" needs Admin). */
const write: RouteAccess = { level: 'Admin', internal: true, ownerScoped: true };
const readErrors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const writeErrors = readErrors;

export async function ownerRoutes(app: FastifyInstance, { db }: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Owners'];

  r.get(
    '/Owners/User',
    {
      config: { access: read },
      schema: {
        tags,
        summary: "The signed-in user's owners (all owners for allOwners users)",
        response: { 200: z.array(ownerRef), ...readErrors },
      },
    },
    (request) => service.listUserOwners(db, { user: currentUser(request) }),
  );

  r.get(
    '/Owners',
    {
      config: { access: read },
      schema: { tags, summary: 'Owners the caller may see, by name', response: { 200: z.array(owner), ...readErrors } },
    },
    (request) => service.listOwners(db, { user: currentUser(request) }),
  );

  r.post(
    '/Owners',
    {
      config: { access: write },
      schema: { tags, summary: 'Add an owner (name unique)', body: ownerBody, response: { 201: owner, ...writeErrors } },
    },
    async (request, reply) => reply.status(201).send(await service.createOwner(db, { user: currentUser(request), body: request.body })),
  );

  r.get(
    '/Owners/:id',
    { config: { access: read }, schema: { tags, summary: 'One owner', params: idParam, response: { 200: owner, ...readErrors } } },
    (request) => service.getOwner(db, { user: currentUser(request), id: request.params.id }),
  );

  r.put(
    '/Owners/:id',
    {
      config: { access: write },
      schema: {
        tags,
        summary: "Change an owner's name, short code and label",
        params: idParam,
        body: ownerBody,
        response: { 200: owner, ...writeErrors },
      },
    },
    (request) => service.updateOwner(db, { user: currentUser(request), id: request.params.id, body: request.body }),
  );

  r.get(
    '/Owners/:id/types',
    {
      config: { access: read },
      schema: {
        tags,
        summary: "The owner's certificate types",
        params: ownerParams,
        response: { 200: z.array(certificateType), ...readErrors },
      },
    },
    (request) => service.listTypes(db, { user: currentUser(request), ownerId: request.params.id }),
  );

  r.get(
    '/Owners/:id/types/:t',
    {
      config: { access: read },
      schema: {
        tags,
        summary: 'One certificate type of the owner',
        params: ownerTypeParams,
        response: { 200: certificateType, ...readErrors },
      },
    },
    (request) => service.getType(db, { user: currentUser(request), id: request.params.t, ownerId: request.params.id }),
  );

  r.get(
    '/Owners/:id/types/:t/subtypes',
    {
      config: { access: read },
      schema: {
        tags,
        summary: 'Sub-types of a certificate type',
        params: ownerTypeParams,
        response: { 200: z.array(certificateSubType), ...readErrors },
      },
    },
    (request) => service.listSubTypes(db, { user: currentUser(request), ownerId: request.params.id, typeId: request.params.t }),
  );

  r.get(
    '/Owners/:id/types/:t/subtypes/:s',
    {
      config: { access: read },
      schema: {
        tags,
        summary: 'One sub-type, with its type and owner',
        params: ownerSubTypeParams,
        response: { 200: certificateSubType, ...readErrors },
      },
    },
    (request) =>
      service.getSubType(db, { user: currentUser(request), id: request.params.s, ownerId: request.params.id, typeId: request.params.t }),
  );

  r.get(
    '/Owners/:id/types/:t/subtypes/:s/dimensions',
    {
      config: { access: read },
      schema: {
        tags,
        summary: 'Dimensions of a sub-type, by size',
        params: ownerSubTypeParams,
        response: { 200: z.array(dimension), ...readErrors },
      },
    },
    (request) => {
      const { id, t, s } = request.params;
      return service.listDimensions(db, { user: currentUser(request), ownerId: id, typeId: t, subTypeId: s });
    },
  );

  await certificateTypeRoutes(app, { db });
}

/** POST/PUT /CertificateTypes/...: add and rename catalogue nodes below an owner. */
async function certificateTypeRoutes(app: FastifyInstance, { db }: Pick<AppContext, 'db'>) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Certificate types'];

  r.post(
    '/CertificateTypes/certificateType',
    {
      config: { access: write },
      schema: {
        tags,
        summary: 'Add a certificate type to an owner',
        body: certificateTypeBody,
        response: { 201: certificateType, ...writeErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.createType(db, { user: currentUser(request), body: request.body })),
  );

  r.put(
    '/CertificateTypes/certificateType/:id',
    {
      config: { access: write },
      schema: {
        tags,
        summary: 'Rename a certificate type',
        params: idParam,
        body: catalogueRenameBody,
        response: { 200: certificateType, ...writeErrors },
      },
    },
    (request) => service.renameType(db, { user: currentUser(request), id: request.params.id, body: request.body }),
  );

  r.post(
    '/CertificateTypes/certificateSubType',
    {
      config: { access: write },
      schema: {
        tags,
        summary: 'Add a sub-type to a certificate type',
        body: certificateSubTypeBody,
        response: { 201: certificateSubType, ...writeErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.createSubType(db, { user: currentUser(request), body: request.body })),
  );

  r.put(
    '/CertificateTypes/certificateSubType/:id',
    {
      config: { access: write },
      schema: {
        tags,
        summary: 'Rename a sub-type',
        params: idParam,
        body: catalogueRenameBody,
        response: { 200: certificateSubType, ...writeErrors },
      },
    },
    (request) => service.renameSubType(db, { user: currentUser(request), id: request.params.id, body: request.body }),
  );

  r.post(
    '/CertificateTypes/dimension',
    {
      config: { access: write },
      schema: { tags, summary: 'Add a dimension to a sub-type', body: dimensionBody, response: { 201: dimension, ...writeErrors } },
    },
    async (request, reply) => reply.status(201).send(await service.createDimension(db, { user: currentUser(request), body: request.body })),
  );

  r.put(
    '/CertificateTypes/dimension/:id',
    {
      config: { access: write },
      schema: {
        tags,
        summary: 'Rename a dimension',
        params: idParam,
        body: catalogueRenameBody,
        response: { 200: dimension, ...writeErrors },
      },
    },
    (request) => service.renameDimension(db, { user: currentUser(request), id: request.params.id, body: request.body }),
  );
}
