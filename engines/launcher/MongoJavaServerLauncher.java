import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.MongoVersion;
import de.bwaldvogel.mongo.backend.CursorRegistry;
import de.bwaldvogel.mongo.backend.Index;
import de.bwaldvogel.mongo.backend.IndexKey;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import de.bwaldvogel.mongo.backend.memory.MemoryDatabase;
import de.bwaldvogel.mongo.backend.memory.index.MemoryUniqueIndex;
import de.bwaldvogel.mongo.bson.BsonRegularExpression;
import de.bwaldvogel.mongo.bson.Document;

import java.net.InetAddress;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * Starts mongo-java-server (in-memory backend) on a chosen loopback host/port.
 *
 * Why a launcher: the stock main classes bind localhost:27017, and every built-in ServerVersion of
 * mongo-java-server 1.47 (3.6, 4.0 and even "5.0") reports maxWireVersion <= 8, which the mongodb driver 7.x
 * refuses (it needs wire version 9, MongoDB 4.4). So this launcher reports its own version: by default
 * MongoDB 4.4.0 / wire version 9, the lowest the driver accepts, so that the driver does not assume newer
 * server features. mongo-java-server only uses the version to answer hello/buildInfo.
 *
 * Usage: java -cp '.engines/lib/*:.engines/classes' MongoJavaServerLauncher
 *          [--host 127.0.0.1] [--port 17017] [--version 4.4.0] [--wire-version 9]
 */
public final class MongoJavaServerLauncher {
    public static void main(String[] args) throws Exception {
        String host = "127.0.0.1";
        int port = 17017;
        String version = "4.4.0";
        int wireVersion = 9;
        for (int i = 0; i < args.length; i++) {
            String value = i + 1 < args.length ? args[i + 1] : null;
            switch (args[i]) {
                case "--host": host = require(args[i], value); i++; break;
                case "--port": port = Integer.parseInt(require(args[i], value)); i++; break;
                case "--version": version = require(args[i], value); i++; break;
                case "--wire-version": wireVersion = Integer.parseInt(require(args[i], value)); i++; break;
                default: fail("unknown argument " + args[i]);
            }
        }
        if (!InetAddress.getByName(host).isLoopbackAddress()) {
            fail("refusing to bind " + host + ": this test engine has no authentication, bind a loopback address");
        }

        MemoryBackend backend = new SeekingMemoryBackend();
        backend.version(new ReportedVersion(version, wireVersion));
        MongoServer server = new MongoServer(backend);
        server.bind(host, port);

        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.shutdown();
            stopped.countDown();
        }, "mongo-java-server-shutdown"));
        System.out.println("mongo-java-server listening on " + host + ":" + port
            + " (reports MongoDB " + version + ", wire version " + wireVersion + ")");
        stopped.await();
    }

    /**
     * The in-memory backend, its single-field unique indexes (`_id` above all) also answering a query that names
     * the field's value beside other conditions, as MongoDB's planner does: `{ _id: x, _w: 3 }` or
     * `{ _id: x, $or: [...] }` look up `x` and test the other conditions on that one document. The stock index
     * answers only a query whose fields are exactly its own, so every guarded write of a projection (a
     * compare-and-set, an upsert guarded by the stream's revision, a checkpoint moved forward) scanned its whole
     * collection here, where MongoDB seeks. The documents a query returns do not change: the candidates are
     * still matched against the whole query.
     */
    private static final class SeekingMemoryBackend extends MemoryBackend {
        @Override
        public MemoryDatabase openOrCreateDatabase(String databaseName) {
            return new MemoryDatabase(databaseName, getCursorRegistry()) {
                @Override
                protected Index<Integer> openOrCreateUniqueIndex(String collectionName, String indexName, List<IndexKey> keys, boolean sparse) {
                    return new SeekingUniqueIndex(indexName, keys, sparse);
                }
            };
        }
    }

    private static final class SeekingUniqueIndex extends MemoryUniqueIndex {
        SeekingUniqueIndex(String name, List<IndexKey> keys, boolean sparse) {
            super(name, keys, sparse);
        }

        @Override
        public synchronized boolean canHandle(Document query) {
            if (super.canHandle(query)) return true;
            if (isCompoundIndex() || isSparse()) return false;
            String field = keys().get(0);
            if (!query.containsKey(field)) return false;
            Object value = query.get(field);
            // An equality on a plain value only: operators, patterns and arrays keep the stock behaviour.
            return value != null && !(value instanceof Document) && !(value instanceof Collection) && !BsonRegularExpression.isRegularExpression(value);
        }
    }

    private static final class ReportedVersion implements MongoVersion {
        private final List<Integer> versionArray = new ArrayList<>();
        private final int wireVersion;

        ReportedVersion(String version, int wireVersion) {
            for (String part : version.split("\\.")) versionArray.add(Integer.parseInt(part));
            while (versionArray.size() < 3) versionArray.add(0);
            this.wireVersion = wireVersion;
        }

        @Override public List<Integer> getVersionArray() { return versionArray; }
        @Override public int getWireVersion() { return wireVersion; }
    }

    private static String require(String flag, String value) {
        if (value == null) fail(flag + " needs a value");
        return value;
    }

    private static void fail(String message) {
        System.err.println("MongoJavaServerLauncher: " + message);
        System.exit(2);
    }
}
