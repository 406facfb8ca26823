export { foldForSearch, searchTerms } from './fold'
export {
  COLUMN_ARRAYS,
  FLAG,
  GroupColumnsBuilder,
  TEXT_SLOTS,
  columnsOf,
  markAdmin,
  type ColumnArrayName,
  type GroupColumns,
} from './group-columns'
export {
  GroupsIndex,
  isMuted,
  isReadOnly,
  lastActivity,
  type GroupsIndexOptions,
  type GroupsQueryArgs,
  type NamedSender,
  type PictureLookup,
} from './groups-index'
export { type PictureRef } from './picture-ref'
export { messagePreview } from './preview'
export { rowOf, type RowParts } from './row-parts'
export { bareId, deriveSelfId } from '../../../account/accounts/self-id'
export { sortName } from './sort-name'
