import type { Service } from '../../../contract/services/schemas'

/**
 * The service's picture, small, at the start of its row; nothing when it has none. The title beside it names
 * the service, so the picture is decorative for a screen reader.
 */
export function ServiceThumbnail({ service }: { service: Service }) {
  if (!service.image) return null
  return (
    <img
      className="service-row__thumbnail"
      src={service.image}
      alt=""
      width={32}
      height={32}
      loading="lazy"
    />
  )
}
