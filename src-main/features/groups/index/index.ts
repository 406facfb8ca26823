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
export { isMuted, lastActivity } from './group-facts'
export { GroupsIndex, type GroupsIndexOptions, type GroupsQueryArgs, type NamedSender } from './groups-index'
export { type PackedRefs } from './packed-refs'
export { type PictureRef } from './picture-ref'
export { messagePreview } from './preview'
export { rowOf, type RowParts } from './row-parts'
export { bareId } from '../../../account/accounts/self-id'
