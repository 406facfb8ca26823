import { mount } from '@vue/test-utils'
import { afterEach, describe, expect, it } from 'vitest'
import { setTransport } from '../../../../src-renderer/src/bridge'
import GroupAvatar from '../../../../src-renderer/src/components/common/GroupAvatar.vue'

afterEach(() => setTransport(null))

function webTransport(answer: (path: string) => Response) {
  const requested: string[] = []
  setTransport({
    kind: 'web',
    invoke: () => Promise.resolve({ ok: true, value: null }),
    on: () => () => undefined,
    fetchOwn: (path) => {
      requested.push(path)
      return Promise.resolve(answer(path))
    },
  })
  return requested
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 10))

describe('useOwnSrc: pictures in web mode', () => {
  it('are fetched through the transport (with its secret) and shown from a blob: URL', async () => {
    const requested = webTransport(() => new Response(new Blob(['png'], { type: 'image/png' })))
    const wrapper = mount(GroupAvatar, {
      props: { name: 'Hikers', colorKey: '1', src: '/pictures/abc.jpg' },
    })
    await settle()
    expect(requested).toEqual(['/pictures/abc.jpg'])
    expect(wrapper.get('[data-testid="avatar-image"]').attributes('src')).toMatch(/^blob:/)
    wrapper.unmount()
  })

  it('follow a change of picture and load the new one', async () => {
    const requested = webTransport(() => new Response(new Blob(['png'])))
    const wrapper = mount(GroupAvatar, {
      props: { name: 'Hikers', colorKey: '1', src: '/pictures/first.jpg' },
    })
    await settle()
    const first = wrapper.get('[data-testid="avatar-image"]').attributes('src')
    await wrapper.setProps({ src: '/pictures/second.jpg' })
    await settle()
    expect(requested).toEqual(['/pictures/first.jpg', '/pictures/second.jpg'])
    expect(wrapper.get('[data-testid="avatar-image"]').attributes('src')).not.toBe(first)
    wrapper.unmount()
  })

  it('fall back to initials when the server refuses the file', async () => {
    webTransport(() => new Response('no', { status: 401 }))
    const wrapper = mount(GroupAvatar, {
      props: { name: 'Weekend hikers', colorKey: '1', src: '/pictures/refused.jpg' },
    })
    await settle()
    expect(wrapper.find('[data-testid="avatar-image"]').exists()).toBe(false)
    expect(wrapper.get('[data-testid="avatar-initials"]').text()).toBe('WH')
  })

  it('use data: and blob: addresses as they are', async () => {
    const requested = webTransport(() => new Response('x'))
    const data = 'data:image/png;base64,iVBORw0KGgo='
    const wrapper = mount(GroupAvatar, { props: { name: 'Hikers', colorKey: '1', src: data } })
    await settle()
    expect(requested).toEqual([])
    expect(wrapper.get('[data-testid="avatar-image"]').attributes('src')).toBe(data)
  })
})
